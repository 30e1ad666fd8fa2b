import Foundation
import KioskCore
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// When the hub decides alerts, on both backends: each once, with a stable id, only when due.
@Suite struct AlertDecisionTests {
    /// 2026-11-21 at `time` (HH:MM) in UTC, the fallback default property's zone in these tests.
    static func at(_ time: String) -> Date {
        ISO8601DateFormatter().date(from: "2026-11-21T\(time):00Z")!
    }

    static let settings = AlertSettings(
        graceMinutes: 15,
        gateOfflineSeconds: 600,
        channels: [AlertChannel(delivery: .webhook(url: "http://127.0.0.1:9/hook", secretFile: nil), events: [.notReturned])]
    )

    /// A hub whose default property is in UTC with the console tests' roster, and an event store helper.
    static func hub() async throws -> HubFixture {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        return hub
    }

    /// `hub`'s store with its default property in UTC.
    static func utc(_ hub: HubFixture) -> HubStore {
        HubStore(storage: hub.store.storage, defaultProperty: HubProperty(id: "default", name: "PG", policy: AttendancePolicy(timeZone: .gmt)))
    }

    static func record(_ hub: HubFixture, seq: Int64, student: String?, uid: String, direction: WireDirection?, at time: String) async throws {
        var event = HubFixture.event(kiosk: "gate-1", seq: seq)
        event.occurredAt = ISO8601DateFormatter().string(from: at(time))
        event.recordedAt = event.occurredAt
        event.uid = uid
        event.studentId = student
        event.direction = direction
        (event.kind, event.outcome) = student == nil ? (.unknown, .unknown) : (.tap, .accepted)
        #expect(try await hub.store.store([event], receivedAt: at(time)).map(\.status) == [.accepted])
    }

    @Test func notReturnedFiresOnceAtCurfewPlusGraceThenLateArrival() async throws {
        let hub = try await Self.hub()
        let utc = Self.utc(hub)
        try await Self.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "18:00")
        try await Self.record(hub, seq: 2, student: "S002", uid: "04A1B2C4", direction: .out, at: "18:05")
        try await Self.record(hub, seq: 3, student: "S002", uid: "04A1B2C4", direction: .in, at: "20:00")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("22:44")).isEmpty)
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("22:46"))
        #expect(fired.map(\.event) == [.notReturned])
        let alert = try #require(fired.first)
        #expect(alert.students.map(\.studentId) == ["S001"])
        #expect(alert.at == "2026-11-21T22:45:00Z" || alert.at == "2026-11-21T22:45:00+00:00")
        #expect(alert.students.first?.lastOut?.hasPrefix("2026-11-21T18:00:00") == true)
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("23:00")).isEmpty)

        try await Self.record(hub, seq: 4, student: "S001", uid: "04A1B2C3", direction: .in, at: "23:10")
        let late = try await utc.decideAlerts(settings: Self.settings, now: Self.at("23:11"))
        #expect(late.map(\.event) == [.lateArrival])
        #expect(late.first?.students.map(\.studentId) == ["S001"])
        #expect(late.first?.kiosk == "gate-1")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("23:30")).isEmpty)

        let listed = try await utc.alerts()
        #expect(listed.map(\.alert.event) == [.lateArrival, .notReturned])
        // Only the channel that takes not_returned gets a delivery.
        #expect(listed.map(\.deliveries.count) == [0, 1])
        #expect(listed.last?.deliveries.first?.state == .pending)
    }

    @Test func nobodyOutAtCurfewMakesNoAlert() async throws {
        let hub = try await Self.hub()
        let utc = Self.utc(hub)
        try await Self.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "18:00")
        try await Self.record(hub, seq: 2, student: "S001", uid: "04A1B2C3", direction: .in, at: "21:00")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("23:00")).isEmpty)
    }

    /// A round due only because a gate may have fallen silent decides the gate alerts alone, and says when each kind is
    /// due next: the curfew for the whole decision, the gate's silence for its gate alerts.
    @Test func aRoundForTheGatesAloneDecidesOnlyGateAlerts() async throws {
        let hub = try await Self.hub()
        let utc = Self.utc(hub)
        try await Self.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "18:00")
        try await utc.noteContact(kioskID: "gate-1", property: "default", at: Self.at("22:30"))
        let properties = try await utc.properties()
        let gates = try await utc.decideAlerts(
            for: properties,
            gatesOnly: ["default"],
            settings: Self.settings,
            now: Self.at("22:46"),
            offlineRecheck: 30
        )
        #expect(gates.added.map(\.event) == [.gateOffline])
        #expect(gates.nextByTime["default"] == Self.at("22:45").addingTimeInterval(86_400))
        let whole = try await utc.decideAlerts(for: properties, settings: Self.settings, now: Self.at("22:47"), offlineRecheck: 30)
        #expect(whole.added.map(\.event) == [.notReturned])
        #expect(whole.gatesNextByTime["default"] == Self.at("22:47").addingTimeInterval(30))
    }

    @Test func aSilentGateIsOfflineOnceAndBackWhenHeardFrom() async throws {
        let hub = try await Self.hub()
        let utc = Self.utc(hub)
        try await utc.noteContact(kioskID: "gate-1", property: "default", at: Self.at("12:00"))
        // Another gate, silent once long before and heard from since: its silence is not gate-1's.
        try await utc.noteContact(kioskID: "gate-2", property: "default", at: Self.at("10:00"))
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("10:10")).map(\.kiosk) == ["gate-2"])
        try await utc.noteContact(kioskID: "gate-2", property: "default", at: Self.at("11:59"))
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:00")).map(\.event) == [.gateBack])
        try await utc.noteContact(kioskID: "gate-2", property: "default", at: Self.at("13:30"))
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:09")).isEmpty)
        let offline = try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:10"))
        #expect(offline.map(\.event) == [.gateOffline])
        #expect(offline.first?.kiosk == "gate-1")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:30")).isEmpty)
        try await utc.noteContact(kioskID: "gate-1", property: "default", at: Self.at("12:40"))
        let back = try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:41"))
        #expect(back.map(\.event) == [.gateBack])
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:42")).isEmpty)
        // A second silence is a second alert, and its end a second `gate_back`, about that silence.
        let again = try await utc.decideAlerts(settings: Self.settings, now: Self.at("12:55"))
        #expect(again.map(\.event) == [.gateOffline])
        try await utc.noteContact(kioskID: "gate-1", property: "default", at: Self.at("13:00"))
        let backAgain = try await utc.decideAlerts(settings: Self.settings, now: Self.at("13:01"))
        #expect(backAgain.map(\.event) == [.gateBack])
        #expect(backAgain.first?.id == HubStore.alertID("gate_back", try #require(again.first).id))
        #expect(backAgain.first?.id != back.first?.id)
    }

    @Test func anUnknownCardReadThreeTimesInTenMinutesAlertsOncePerHour() async throws {
        let hub = try await Self.hub()
        let utc = Self.utc(hub)
        try await Self.record(hub, seq: 1, student: nil, uid: "04FFEEDD", direction: nil, at: "19:00")
        try await Self.record(hub, seq: 2, student: nil, uid: "04FFEEDD", direction: nil, at: "19:04")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:05")).isEmpty)
        try await Self.record(hub, seq: 3, student: nil, uid: "04FFEEDD", direction: nil, at: "19:08")
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:09"))
        #expect(fired.map(\.event) == [.unknownCard])
        #expect(fired.first?.uid == "04FFEEDD")
        #expect(fired.first?.kiosk == "gate-1")
        try await Self.record(hub, seq: 4, student: nil, uid: "04FFEEDD", direction: nil, at: "19:10")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:11")).isEmpty)
    }
}
