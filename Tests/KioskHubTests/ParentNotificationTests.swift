import Foundation
import KioskCore
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// What parents hear of with `[alerts] notify_parents` (CONTRACT.md "Parents"), on both backends: `student_left` for
/// the OUT tap a pass covers and `student_returned` for the first IN tap after it, each once, with the parents'
/// contacts; `not_returned` also once per listed student to their parents; nothing without the key or the contacts.
@Suite struct ParentNotificationTests {
    static let notifying = AlertSettings(channels: [AlertChannel(delivery: .command(["/bin/true"]))], notifyParents: true)

    /// A hub in UTC whose roster gives S001 two parents' contacts and S002 one.
    static func hub() async throws -> (HubFixture, HubStore) {
        let hub = try await HubFixture()
        let rows = try RosterCSV.parse(ParentContactStoreTests.withContacts, file: "r.csv")
        _ = try await hub.store.importRoster(rows, file: "r.csv", replace: true)
        let utc = HubStore(
            storage: hub.store.storage,
            defaultProperty: HubProperty(id: "default", name: "PG", policy: AttendancePolicy(timeZone: .gmt))
        )
        return (hub, utc)
    }

    @Test func aPassedOutTapAndTheReturnReachTheParentsOnce() async throws {
        let (hub, utc) = try await Self.hub()
        let leave = try LeavePassRequest(
            studentID: "S001",
            from: AlertDecisionTests.at("09:00"),
            until: AlertDecisionTests.at("21:00"),
            reason: "home"
        )
        _ = try await utc.createPass(leave)
        try await AlertDecisionTests.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "10:00")
        // S002 goes out without a pass: the warden's business, not a notification.
        try await AlertDecisionTests.record(hub, seq: 2, student: "S002", uid: "04A1B2C4", direction: .out, at: "10:05")
        #expect(try await utc.decideAlerts(settings: AlertSettings(channels: Self.notifying.channels), now: AlertDecisionTests.at("10:06")).isEmpty)
        let left = try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("10:06"))
        #expect(left.map(\.event) == [.studentLeft])
        #expect(left.first?.parentContacts == ["+919812345678", "mother@example.org"])
        #expect(left.first?.students.map(\.studentId) == ["S001"])
        #expect(left.first?.kiosk == "gate-1")
        #expect(
            String(decoding: try #require(left.first).json, as: UTF8.self).contains("\"parentContacts\":[\"+919812345678\",\"mother@example.org\"]")
        )
        #expect(try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("10:30")).isEmpty)

        try await AlertDecisionTests.record(hub, seq: 3, student: "S001", uid: "04A1B2C3", direction: .in, at: "16:00")
        try await AlertDecisionTests.record(hub, seq: 4, student: "S002", uid: "04A1B2C4", direction: .in, at: "16:05")
        let back = try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("16:06"))
        #expect(back.map(\.event) == [.studentReturned])
        #expect(back.first?.at.hasPrefix("2026-11-21T16:00:00") == true)
        #expect(back.first?.parentContacts == ["+919812345678", "mother@example.org"])
        #expect(try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("16:30")).isEmpty)
    }

    @Test func notReturnedAlsoGoesToEachListedStudentsParents() async throws {
        let (hub, utc) = try await Self.hub()
        try await AlertDecisionTests.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "18:00")
        try await AlertDecisionTests.record(hub, seq: 2, student: "S002", uid: "04A1B2C4", direction: .out, at: "18:05")
        let fired = try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("23:00"))
        #expect(fired.map(\.event) == [.notReturned, .notReturned, .notReturned])
        let warden = try #require(fired.first { $0.parentContacts == nil })
        #expect(warden.students.map(\.studentId) == ["S001", "S002"])
        let toParents = fired.filter { $0.parentContacts != nil }
        #expect(toParents.map { $0.students.map(\.studentId) } == [["S001"], ["S002"]])
        #expect(toParents.map(\.parentContacts) == [["+919812345678", "mother@example.org"], ["father@example.org"]])
        #expect(Set(fired.map(\.id)).count == 3)
        #expect(try await utc.decideAlerts(settings: Self.notifying, now: AlertDecisionTests.at("23:10")).isEmpty)
    }
}
