import Foundation
import KioskCore
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// `kiosk-hub student export` on the backend the run names: the roster entry, every card, pass, event and alert held
/// about the student (their card's reads before enrolment included), nothing about anyone else.
@Suite struct StudentExportTests {
    @Test func everythingHeldAboutTheStudentAndNothingElse() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        var events = HubFixture.batch(kiosk: "gate-1", count: 4).events
        events[1].studentId = "S002"
        events[1].uid = "04A1B2C4"
        events[2].studentId = nil
        events[2].outcome = .unknown
        events[2].kind = .unknown
        events[2].direction = nil
        events[3].uid = "04000001"
        _ = try await store.store(events)
        let now = Date()
        let pass = try await store.createPass(try LeavePassRequest(studentID: "S001", from: now, until: now.addingTimeInterval(3600), reason: "home"))
        _ = try await store.createPass(try LeavePassRequest(studentID: "S002", from: now, until: now.addingTimeInterval(3600), reason: "home"))
        let student = Alert.Student(studentId: "S001", name: "Asha Verma", room: "101", lastOut: nil)
        let alerts = [
            Alert(id: "a1", event: .notReturned, property: "default", at: "2026-11-21T22:45:00+05:30", students: [student]),
            Alert(id: "a2", event: .cardRefused, property: "default", at: "2026-11-21T22:46:00+05:30", uid: "04000001", reason: "forged"),
            Alert(id: "a3", event: .notReturned, property: "default", at: "2026-11-21T22:47:00+05:30"),
        ]
        for alert in alerts { _ = try await store.storage.addAlert(alert, property: "default", channels: [], createdAt: now) }

        let export = try await store.exportStudent("S001", property: "default")
        #expect(export.student == WireStudent(studentId: "S001", name: "Asha Verma", room: "101", status: "active", tags: ["04A1B2C3"]))
        #expect(export.cards == ["04A1B2C3", "04000001"])
        #expect(export.passes.map(\.id) == [pass.id])
        #expect(Set(export.events.map(\.id)) == Set([events[0].id, events[2].id, events[3].id]))
        #expect(export.alerts.map(\.id) == ["a1", "a2"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.json.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["student", "cards", "passes", "requests", "events", "alerts", "parentContacts"])

        await #expect(throws: KioskError(.dataError, "no student 'S404' at property 'default'", domain: .notFound)) {
            try await store.exportStudent("S404", property: "default")
        }
    }
}
