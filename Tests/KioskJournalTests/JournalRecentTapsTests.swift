import Foundation
import KioskCore
import KioskJournal
import Testing

@Suite struct JournalRecentTapsTests {
    @Test func listsTheLatestRecordsNewestFirstWithWhatTheKioskSaid() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:00+05:30")
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:04+05:30")
        _ = try await fixture.tap("DEADBEEF", at: "2026-11-21T20:01:00+05:30")
        _ = try await fixture.journal.recordManual(
            studentID: "S002",
            direction: .out,
            at: try Timestamp.parse("2026-11-21T20:02:00+05:30"),
            reason: "gate pass"
        )
        let recent = try await fixture.journal.recentTaps(limit: 3)
        #expect(recent.map(\.outcome) == [.out, .unknown, .ignored])
        #expect(recent[0].student?.name == "राहुल शर्मा")
        #expect(recent[1].uid?.hex == "DEADBEEF" && recent[1].student == nil)
        #expect(recent[2].previous?.direction == .out)
        #expect(recent[2].previous?.occurredAt == (try Timestamp.parse("2026-11-21T20:00:00+05:30")))
    }
}
