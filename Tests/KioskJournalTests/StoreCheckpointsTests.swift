import Foundation
import KioskCore
import KioskJournal
import KioskStore
import Testing

@Suite struct StoreCheckpointsTests {
    @Test func tapsCommitWithoutCheckpointingAndTheCheckpointConnectionCopiesTheLog() async throws {
        let fixture = try await JournalFixture().withRoster()
        let checkpoints = try await StoreCheckpoints.open(for: fixture.journal.database)
        let sizeBefore = try fileSize(fixture.path)
        // Far more log than SQLite's own automatic checkpoint (1,000 pages) would let the writer keep.
        var instant = try Timestamp.parse("2026-11-21T08:00:00+05:30")
        for n in 0..<600 {
            instant = instant.addingTimeInterval(60)
            _ = try await fixture.journal.record(
                TagRead(
                    uid: try TagUID(parsing: n % 2 == 0 ? "04A1B2C3" : "11223344"),
                    reader: "entrance",
                    readerDirection: .toggle,
                    occurredAt: instant
                ),
                rules: fixture.rules
            )
        }
        #expect(try fileSize(fixture.path) == sizeBefore, "the writer checkpointed by itself")
        try await checkpoints.checkpoint()
        #expect(try fileSize(fixture.path) > sizeBefore)
        let report = try await fixture.journal.report(
            on: fixture.rules.policy.attendanceDay(containing: instant),
            evaluatedAt: instant.addingTimeInterval(1),
            rules: fixture.rules
        )
        #expect(report.attendance.students.map(\.taps).reduce(0, +) == 600)
    }

    private func fileSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }
}
