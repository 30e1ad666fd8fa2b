import Foundation
import KioskCore
import KioskJournal
import Testing

@Suite struct JournalReportTests {
    @Test func reportUsesTheRecordedDecisions() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-20T19:00:00+05:30")
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T09:00:00+05:30")
        _ = try await fixture.tap("11223344", at: "2026-11-21T18:00:00+05:30")
        _ = try await fixture.tap("11223344", at: "2026-11-21T23:10:00+05:30")
        _ = try await fixture.tap("DEADBEEF", at: "2026-11-21T12:00:00+05:30")
        _ = try await fixture.tap("DEADBEEF", at: "2026-11-21T12:00:04+05:30")
        let date = try #require(AttendanceDate(parsing: "2026-11-21"))
        let end = fixture.rules.policy.end(of: date)
        let report = try await fixture.journal.report(on: date, evaluatedAt: end, rules: fixture.rules)
        let status = Dictionary(uniqueKeysWithValues: report.attendance.students.map { ($0.student.id, $0) })
        #expect(status["S001"]?.status == .in)
        #expect(status["S001"]?.taps == 1)
        #expect(status["S002"]?.status == .in)
        #expect(status["S002"]?.late == true)
        #expect(report.attendance.summary.total == 2)
        #expect(report.attendance.unknownTags.map(\.reads) == [1])
        #expect(report.completeness.pending == 6)
        #expect(report.completeness.lastSyncedAt == nil)
        #expect(report.source == "gate-1")

        let earlier = try await fixture.journal.report(on: date, evaluatedAt: try Timestamp.parse("2026-11-21T20:00:00+05:30"), rules: fixture.rules)
        #expect(earlier.attendance.students.first { $0.student.id == "S002" }?.status == .out)
    }
}
