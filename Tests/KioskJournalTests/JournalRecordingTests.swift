import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskJournal

@Suite struct JournalRecordingTests {
    @Test func togglesDebouncesAndRecordsEveryRead() async throws {
        let fixture = try await JournalFixture().withRoster()
        let first = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:00+05:30")
        let retap = try await fixture.tap("04:a1:b2:c3", at: "2026-11-21T20:00:05+05:30")
        let second = try await fixture.tap("04A1B2C3D4E5F6", at: "2026-11-21T21:03:00+05:30")
        #expect(first.outcome == .out)
        #expect(retap.outcome == .ignored)
        #expect(retap.previous?.direction == .out)
        #expect(second.outcome == .in)
        let rows = try fixture.journal.writer.read { try Row.fetchAll($0, sql: "SELECT * FROM event ORDER BY seq") }
        #expect(rows.map { $0["seq"] as Int64 } == [1, 2, 3])
        #expect(rows.map { $0["outcome"] as String } == ["accepted", "ignored", "accepted"])
        #expect(
            rows.allSatisfy { row in
                row["kiosk_id"] == "gate-1" && row["sync_state"] == "pending" && !(row["boot_id"] as String).isEmpty
                    && (row["monotonic_ns"] as Int64) > 0
            }
        )
        let ids = rows.map { $0["id"] as String }
        #expect(ids == ids.sorted())
    }

    @Test func unknownAndInactiveTagsAreJournaledAsUnknown() async throws {
        let fixture = try await JournalFixture().withRoster()
        let unknown = try await fixture.tap("DEADBEEF", at: "2026-11-21T20:00:00+05:30")
        let inactive = try await fixture.tap("55667788", at: "2026-11-21T20:00:00+05:30")
        #expect(unknown.outcome == .unknown && unknown.student == nil)
        #expect(inactive.outcome == .unknown && inactive.student == nil)
        let kinds = try await fixture.journal.writer.read { try String.fetchAll($0, sql: "SELECT kind FROM event ORDER BY seq") }
        #expect(kinds == ["unknown", "unknown"])
    }

    @Test func aBackDatedTapIsJudgedAtItsOwnTime() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("11223344", at: "2026-11-21T20:00:00+05:30")
        _ = try await fixture.tap("11223344", at: "2026-11-21T22:00:00+05:30")
        let backDated = try await fixture.tap("11223344", at: "2026-11-21T21:00:00+05:30")
        #expect(backDated.outcome == .in)
    }

    @Test func fixedReadersGiveTheirDirection() async throws {
        let fixture = try await JournalFixture().withRoster()
        let entry = try await fixture.tap("11223344", at: "2026-11-21T20:00:00+05:30", reader: .in)
        let exit = try await fixture.tap("11223344", at: "2026-11-21T20:01:00+05:30", reader: .out)
        let exitAgain = try await fixture.tap("11223344", at: "2026-11-21T20:02:00+05:30", reader: .out)
        #expect([entry.outcome, exit.outcome, exitAgain.outcome] == [.in, .out, .out])
    }

    @Test func concurrentReadsOfOneStudentAcceptExactlyOne() async throws {
        let fixture = try await JournalFixture().withRoster()
        let instant = try Timestamp.parse("2026-11-21T20:00:00+05:30")
        let outcomes = try await withThrowingTaskGroup(of: TapOutcome.self) { group in
            for uid in ["04A1B2C3", "04A1B2C3D4E5F6", "04A1B2C3", "04A1B2C3D4E5F6"] {
                group.addTask {
                    try await fixture.journal.record(
                        TagRead(uid: try TagUID(parsing: uid), reader: "r", readerDirection: .toggle, occurredAt: instant),
                        rules: fixture.rules
                    ).outcome
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .out }.count == 1)
        #expect(outcomes.filter { $0 == .ignored }.count == 3)
    }

    @Test func manualEntriesNeedAnActiveStudentAndAreNeverIgnored() async throws {
        let fixture = try await JournalFixture().withRoster()
        let instant = try Timestamp.parse("2026-11-21T20:00:00+05:30")
        _ = try await fixture.tap("11223344", at: "2026-11-21T20:00:00+05:30")
        let manual = try await fixture.journal.recordManual(studentID: "S002", direction: .in, at: instant, reason: "forgot card")
        #expect(manual.outcome == .in)
        await #expect(throws: KioskError.self) {
            try await fixture.journal.recordManual(studentID: "S003", direction: .in, at: instant, reason: "x")
        }
        await #expect(throws: KioskError.self) {
            try await fixture.journal.recordManual(studentID: "NOPE", direction: .in, at: instant, reason: "x")
        }
        let reason = try await fixture.journal.writer.read { try String.fetchOne($0, sql: "SELECT reason FROM event WHERE kind = 'manual'") }
        #expect(reason == "forgot card")
    }
}
