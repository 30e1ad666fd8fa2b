import Foundation
import KioskCore
import KioskDaemon
import KioskDashboard
import KioskJournal
import KioskReaders
import Testing

@Suite struct LiveSummaryTests {
    @Test func snapshotsShowTodayTheLatestTapsAndProblems() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        let journal = try Journal.open(path: directory.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1")
        let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!))
        _ = try await journal.importRoster(
            try RosterCSV.parse("student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,11223344\n", file: "r.csv"),
            file: "r.csv",
            replace: false
        )
        let now = try Timestamp.parse("2026-11-21T20:00:00+05:30")
        let readerStates = ReaderStates()
        let earlier = try await journal.record(
            TagRead(uid: try TagUID(parsing: "11223344"), reader: "entrance", readerDirection: .toggle, occurredAt: now.addingTimeInterval(-60)),
            rules: rules
        )
        let summary = LiveSummary(
            journal: journal,
            rules: rules,
            dataDirectory: directory.path,
            readerNames: ["entrance"],
            readerStates: readerStates,
            syncsToHub: true,
            clock: .fixed(now.addingTimeInterval(1))
        )
        var changes = summary.changes.makeAsyncIterator()
        let tap = try await journal.record(
            TagRead(uid: try TagUID(parsing: "04A1B2C3"), reader: "entrance", readerDirection: .toggle, occurredAt: now),
            rules: rules
        )
        await summary.tapRecorded()
        #expect(await changes.next() != nil)
        readerStates.set("entrance", "pcscd unreachable, retrying", healthy: false)
        let snapshot = try await summary.snapshot()
        #expect(snapshot.recentTaps.map(\.eventID) == [tap.eventID, earlier.eventID])
        #expect(snapshot.attendance.summary.checkedOut == 2)
        #expect(snapshot.attendance.date.description == "2026-11-21")
        #expect(snapshot.readers == [.init(name: "entrance", state: "pcscd unreachable, retrying", healthy: false)])
        #expect(snapshot.alerts.contains("reader entrance: pcscd unreachable, retrying"))
        #expect(snapshot.sync == DashboardSnapshot.Sync(pending: 2, quarantined: 0, lastSyncedAt: nil, nextRetryAt: nil))
        try await journal.recordSyncFailure(.tokenRejected, "token rejected (HTTP 401)", at: now, nextRetryAt: nil)
        #expect(try await summary.snapshot().alerts.contains("hub: token rejected (HTTP 401), see kiosk doctor"))
    }
}
