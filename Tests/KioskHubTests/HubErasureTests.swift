import Foundation
import KioskCore
import KioskLog
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// `kiosk-hub student erase` on the backend the run names: the roster entry, cards and passes go; events stay under a
/// pseudonym without UIDs, their leaf hashes kept, so every log verifies and grows on; alerts are redacted; audit
/// entries naming the student are emptied; past reports keep the row under the pseudonym; the receipt is signed.
@Suite struct HubErasureTests {
    let kioskKey = try! NoteSigner(name: "kiosk/gate-1", seed: Array(repeating: 7, count: 32))

    func checkpoint(of events: [WireEvent]) throws -> String {
        let tree = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        let root = try MerkleTree.root(size: Int64(events.count), from: tree)
        return try SignedCheckpoint(Checkpoint(origin: kioskKey.name, size: Int64(events.count), rootHash: root), signedBy: kioskKey).text
    }

    func witness(_ events: [WireEvent], _ store: HubStore, keys: HubLogKeys, now: Date) async throws -> Bool {
        let witnessing = try await store.witness(
            try checkpoint(of: events),
            kiosk: "gate-1",
            property: HubProperty.defaultID,
            offeredVkey: kioskKey.verifier.vkey,
            keys: keys,
            alertSettings: AlertSettings(),
            now: now
        )
        if case .cosigned = witnessing { return true }
        Issue.record("the checkpoint was refused: \(witnessing)")
        return false
    }

    @Test func theStudentLeavesNothingButTheirPlacesInTheLogsAndInPastReports() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        var events = HubFixture.batch(kiosk: "gate-1", count: 3).events
        events[1].studentId = "S002"
        events[1].uid = "04A1B2C4"
        events[2].kind = .manual
        events[2].uid = nil
        events[2].direction = .out
        events[2].reason = "Asha Verma forgot her card"
        events[2].occurredAt = "2026-11-21T16:00:00.000Z"
        let received = try Timestamp.parse("2026-11-21T16:30:00Z")
        let erasedAt = try Timestamp.parse("2026-11-22T10:00:00Z")
        _ = try await store.store(events, receivedAt: received)
        let keys = try await HubLogKeys.load(logName: "hub.test", storage: store.storage)
        #expect(try await witness(events, store, keys: keys, now: received))
        let now = Date()
        _ = try await store.createPass(try LeavePassRequest(studentID: "S001", from: now, until: now.addingTimeInterval(3600), reason: "home"))
        _ = try await store.createPass(try LeavePassRequest(studentID: "S002", from: now, until: now.addingTimeInterval(3600), reason: "home"))
        try await store.updateStudent(Student(id: "S001", name: "Asha Verma", room: "104"), property: "default")
        let asha = Alert.Student(studentId: "S001", name: "Asha Verma", room: "104", lastOut: nil)
        let priya = Alert.Student(studentId: "S002", name: "Priya Nair", room: "102", lastOut: nil)
        let alerts = [
            Alert(id: "a1", event: .notReturned, property: "default", at: "2026-11-21T22:45:00+05:30", students: [asha, priya]),
            Alert(id: "a2", event: .cardRefused, property: "default", at: "2026-11-21T22:46:00+05:30", uid: "04A1B2C3", reason: "04A1B2C3 forged"),
            Alert(id: "a3", event: .notReturned, property: "default", at: "2026-11-21T22:47:00+05:30", students: [priya]),
        ]
        for alert in alerts { _ = try await store.storage.addAlert(alert, property: "default", channels: [], createdAt: received) }
        let property = try await store.property("default")
        let day = try #require(AttendanceDate(parsing: "2026-11-21"))
        let before = try await store.report(for: property, on: day, now: erasedAt).attendance

        let receipt = try await store.eraseStudent("S001", property: "default", now: erasedAt)
        #expect((receipt.events, receipt.passes, receipt.alerts) == (2, 1, 2))
        let pseudonym = receipt.pseudonym
        #expect(pseudonym.count == 15 && pseudonym.hasPrefix("erased-") && pseudonym.dropFirst(7).allSatisfy(\.isHexDigit))
        #expect(pseudonym.dropFirst(7).lowercased() == String(pseudonym.dropFirst(7)))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try receipt.json(signedBy: keys).utf8)) as? [String: Any])
        #expect(json["student"] as? String == "S001" && json["erasedAt"] as? String == "2026-11-22T10:00:00.000Z")
        let note = try SignedNote(parsing: try #require(json["signature"] as? String))
        #expect(note.text == "student S001\nproperty default\nerasedAt 2026-11-22T10:00:00.000Z\nevents 2\npasses 1\nalerts 2\n")
        try note.verify(with: [keys.log.verifier])

        #expect(try await store.storage.roster(property: "default").map(\.student.id) == ["S002", "S003"])
        #expect(try await store.storage.passes(property: "default", from: nil, through: nil).map(\.studentID) == ["S002"])
        let redacted = try await store.storage.alerts(property: "default", events: nil, since: nil).map(\.alert).sorted { $0.id < $1.id }
        #expect(redacted[0].students == [Alert.Student(studentId: pseudonym, name: pseudonym, room: "", lastOut: nil), priya])
        #expect(redacted[1].uid == nil && redacted[1].reason == " forged")
        #expect(redacted[2] == alerts[2])
        let kept = try await store.storage.events(property: "default", ofStudent: pseudonym, orUIDs: [])
        #expect(kept.map(\.id.rawValue) == [events[0].id, events[2].id])
        #expect(kept.allSatisfy { $0.uid == nil } && kept[1].reason == " forgot her card")
        await #expect(throws: KioskError(.dataError, "no student 'S001' at property 'default'", domain: .notFound)) {
            try await store.exportStudent("S001", property: "default")
        }

        let after = try await store.report(for: property, on: day, now: erasedAt).attendance
        #expect(after.summary == before.summary)
        let original = try #require(before.students.first { $0.student.id == "S001" })
        let row = try #require(after.students.first { $0.student.id == pseudonym })
        #expect(row.student == Student(id: pseudonym, name: pseudonym, room: ""))
        #expect(
            (row.status, row.firstIn, row.lastOut, row.taps, row.late) == (
                original.status, original.firstIn, original.lastOut, original.taps, original.late
            )
        )
        let later = try #require(AttendanceDate(parsing: "2026-11-23"))
        let nextDay = try await store.report(for: property, on: later, now: erasedAt.addingTimeInterval(2 * 86_400))
        #expect(!nextDay.attendance.students.contains { $0.student.id == pseudonym })

        let checks = try await store.verifyLogs(property: nil, kiosk: nil, keys: keys)
        #expect(checks.allSatisfy { $0.problems.isEmpty }, "\(checks)")
        let gate = try #require(checks.first { $0.name == "gate-1" })
        #expect(gate.leaves == 3 && gate.removed == 2)
        let audit = try #require(checks.first { $0.name == "audit/default" })
        #expect(audit.removed == 2, "the pass and the edit naming S001: \(checks)")
        var lines: [String] = []
        try await store.exportLog(kiosk: "gate-1") { lines.append($0) }
        #expect(lines[0] == "{\"kioskId\":\"gate-1\",\"seq\":1,\"leafHash\":\"\(try EventLeaf(events[0]).leafHash.base64)\"}")
        var auditLines: [String] = []
        try await store.exportAudit(property: "default") { auditLines.append($0) }
        #expect(auditLines.filter { $0.contains("\"leafHash\"") }.count == 2)
        #expect(!auditLines.joined().contains("S001") && !auditLines.joined().contains("Asha"))
        let last = try #require(try await store.auditEntries(property: "default").last)
        #expect(last.action == "student.erase" && last.subject == pseudonym)

        // The gate's next checkpoint, over the events as it recorded them, still extends the one the hub cosigned.
        var fourth = HubFixture.event(kiosk: "gate-1", seq: 4)
        fourth.studentId = "S002"
        fourth.uid = "04A1B2C4"
        _ = try await store.store([fourth], receivedAt: erasedAt)
        #expect(try await witness(events + [fourth], store, keys: keys, now: erasedAt))

        await #expect(throws: KioskError(.dataError, "no student 'S001' at property 'default'", domain: .notFound)) {
            try await store.eraseStudent("S001", property: "default", now: erasedAt)
        }
    }

    /// `[retention] keep_days`: an inactive student with nothing since the cutoff is erased; an inactive student seen
    /// since, and an active one, stay.
    @Test func retentionErasesStudentsInactivePastKeeping() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        let old = HubFixture.event(kiosk: "gate-1", seq: 1)
        var recent = HubFixture.event(kiosk: "gate-1", seq: 2)
        recent.studentId = "S002"
        recent.uid = "04A1B2C4"
        recent.occurredAt = "2027-11-01T08:00:00.000Z"
        _ = try await store.store([old, recent])
        for id in ["S001", "S002"] {
            try await store.updateStudent(
                Student(id: id, name: id == "S001" ? "Asha Verma" : "Priya Nair", room: "10\(id.suffix(1))", status: .inactive),
                property: "default"
            )
        }
        let policy = try #require(RetentionPolicy(keepDays: 365))
        let now = try Timestamp.parse("2027-12-01T00:00:00Z")
        #expect(try await store.eraseInactiveStudents(pastKeeping: policy, now: now) == 1)
        #expect(try await store.storage.roster(property: "default").map(\.student.id) == ["S002", "S003"])
        let erased = try await store.storage.erasedStudents(property: "default")
        #expect(erased.count == 1 && erased.first?.subjects.contains(WireErasure.subject(studentID: "S001")) == true)
        let last = try #require(try await store.auditEntries(property: "default").last)
        #expect(last.action == "student.erase" && last.actor == "system")
        #expect(try await store.eraseInactiveStudents(pastKeeping: policy, now: now) == 0)
    }
}
