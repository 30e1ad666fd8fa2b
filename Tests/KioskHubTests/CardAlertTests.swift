import Foundation
import KioskCore
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// `card_refused` and `card_shared` (CONTRACT.md "Cards that cannot be cloned"), decided from what the gates pushed,
/// on both backends.
@Suite struct CardAlertTests {
    static let settings = AlertSettings(travelSeconds: 30)

    /// The hub of `AlertDecisionTests` (UTC, the console tests' roster) and a store deciding in UTC.
    static func hub() async throws -> (HubFixture, HubStore) {
        let hub = try await AlertDecisionTests.hub()
        let utc = HubStore(
            storage: hub.store.storage,
            defaultProperty: HubProperty(id: "default", name: "PG", policy: AttendancePolicy(timeZone: .gmt))
        )
        return (hub, utc)
    }

    /// Pushes one read of S001's card 04A1B2C3 made at `kiosk` at 2026-11-21 `time` (HH:MM:SS, UTC).
    static func read(
        _ hub: HubFixture,
        kiosk: String,
        seq: Int64,
        at time: String,
        outcome: WireEventOutcome = .accepted,
        reason: String? = nil,
        sunCounter: Int64? = nil
    ) async throws {
        var event = HubFixture.event(kiosk: kiosk, seq: seq)
        event.occurredAt = "2026-11-21T\(time)Z"
        event.recordedAt = event.occurredAt
        event.outcome = outcome
        event.direction = outcome == .accepted ? .in : nil
        event.reason = reason
        event.sunCounter = sunCounter
        let instant = try #require(WireTime.parse(event.occurredAt))
        #expect(try await hub.store.store([event], receivedAt: instant).map(\.status) == [.accepted])
    }

    static func at(_ time: String) -> Date { ISO8601DateFormatter().date(from: "2026-11-21T\(time)Z")! }

    @Test func aRefusedReadAlertsOncePerTagAndHour() async throws {
        let (hub, utc) = try await Self.hub()
        try await Self.read(hub, kiosk: "gate-1", seq: 1, at: "19:00:00", outcome: .refused, reason: "not_verified")
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:00:05"))
        #expect(fired.map(\.event) == [.cardRefused])
        #expect(fired.first?.uid == "04A1B2C3" && fired.first?.kiosk == "gate-1" && fired.first?.reason == "not_verified")
        let json = String(decoding: try #require(fired.first).json, as: UTF8.self)
        #expect(json.contains("\"event\":\"card_refused\"") && json.contains("\"reason\":\"not_verified\""))

        try await Self.read(hub, kiosk: "gate-1", seq: 2, at: "19:10:00", outcome: .refused, reason: "forged")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:10:05")).isEmpty, "the same tag within the hour")
    }

    /// A gate offline for hours pushes its refused reads when it is back: they alert then, though they occurred
    /// before the last hour, because each round also decides over what arrived since the previous one.
    @Test func aRefusedReadPushedHoursLateStillAlertsOnce() async throws {
        let (hub, utc) = try await Self.hub()
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("22:00:00")).isEmpty)
        try await Self.read(hub, kiosk: "gate-1", seq: 1, at: "19:00:00", outcome: .refused, reason: "forged")
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("22:00:30"))
        #expect(fired.map(\.event) == [.cardRefused])
        #expect(fired.first?.reason == "forged" && fired.first?.kiosk == "gate-1")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("22:01:00")).isEmpty, "decided once")
    }

    @Test func countersThatDoNotIncreaseAcrossGatesAreAReplay() async throws {
        let (hub, utc) = try await Self.hub()
        try await Self.read(hub, kiosk: "gate-1", seq: 1, at: "19:00:00", sunCounter: 40)
        try await Self.read(hub, kiosk: "gate-2", seq: 1, at: "19:20:00", outcome: .ignored, sunCounter: 41)
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:20:05")).isEmpty)
        // gate-3 had not heard of counter 41 and accepted a recording of counter 40.
        try await Self.read(hub, kiosk: "gate-3", seq: 1, at: "19:30:00", sunCounter: 40)
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:30:05"))
        #expect(fired.map(\.event) == [.cardRefused])
        #expect(fired.first?.kiosk == "gate-3")
        #expect(fired.first?.reason == "replayed: counter 40 at gate-3 after counter 41 at gate-2")
    }

    @Test func oneCardAcceptedAtTwoGatesWithinTheTravelTimeIsShared() async throws {
        let (hub, utc) = try await Self.hub()
        try await Self.read(hub, kiosk: "gate-1", seq: 1, at: "19:00:00")
        try await Self.read(hub, kiosk: "gate-2", seq: 1, at: "19:00:40")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:01:00")).isEmpty, "40 s apart: time to walk")
        try await Self.read(hub, kiosk: "gate-1", seq: 2, at: "19:01:00")
        let fired = try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:01:05"))
        #expect(fired.map(\.event) == [.cardShared])
        #expect(fired.first?.students.map(\.name) == ["Asha Verma"])
        #expect(fired.first?.reason == "accepted at gate-2 and gate-1 20 s apart")
        #expect(try await utc.decideAlerts(settings: Self.settings, now: Self.at("19:01:10")).isEmpty, "decided once")
    }
}
