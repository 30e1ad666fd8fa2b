import Foundation
import KioskCore
import KioskDaemon
import KioskDashboard
import KioskJournal
import KioskReaders
import Synchronization
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
        await summary.tapRecorded(tap)
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
        await summary.tick()
        #expect(try await summary.snapshot().alerts.contains("hub: token rejected (HTTP 401), see kiosk doctor"))
    }
}

@Suite struct LiveSummaryDayInMemoryTests {
    private let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!))

    @Test func theDayKeptInMemoryIsTheReportAfterTapsOtherProcessesPullsAndTheClockMovingOn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("journal.sqlite").path
        let journal = try Journal.open(path: path, kioskID: "gate-1")
        _ = try await journal.importRoster(
            try RosterCSV.parse(
                "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,11223344\nS003,Mina,103,55667788\n",
                file: "r.csv"
            ),
            file: "r.csv",
            replace: false
        )
        let time = Mutex(try Timestamp.parse("2026-11-21T20:00:00+05:30"))
        let summary = LiveSummary(
            journal: journal,
            rules: rules,
            dataDirectory: directory.path,
            readerNames: [],
            readerStates: ReaderStates(),
            syncsToHub: false,
            clock: WallClock { time.withLock { $0 } }
        )
        func expectReport(_ comment: Comment) async throws {
            let snapshot = try await summary.snapshot()
            let report = try await journal.report(on: snapshot.attendance.date, evaluatedAt: snapshot.now, rules: rules)
            #expect(snapshot.attendance == report.attendance, comment)
            let recent = try await journal.recentTaps(limit: LiveSummary.recentLimit)
            #expect(snapshot.recentTaps.map(\.eventID) == recent.map(\.eventID), comment)
        }
        func tap(_ uid: String, after seconds: TimeInterval) async throws {
            let instant = time.withLock {
                $0 = $0.addingTimeInterval(seconds)
                return $0
            }
            let tap = try await journal.record(
                TagRead(uid: try TagUID(parsing: uid), reader: "entrance", readerDirection: .toggle, occurredAt: instant),
                rules: rules
            )
            await summary.tapRecorded(tap)
        }

        try await expectReport("before any tap")
        try await tap("04A1B2C3", after: 60)
        try await tap("11223344", after: 60)
        try await tap("DEADBEEF", after: 60)
        try await expectReport("after taps this process recorded")
        #expect(try await summary.snapshot().attendance.summary.checkedOut == 2)

        // Another process (its own connection) records a manual entry the summary is not told of.
        let other = try Journal.open(path: path, kioskID: "gate-1")
        _ = try await other.recordManual(studentID: "S003", direction: .out, at: time.withLock { $0.addingTimeInterval(-1) }, reason: "errand")
        try await expectReport("after another process's manual entry")
        #expect(try await summary.snapshot().attendance.summary.checkedOut == 3)

        // Another gate's tap pulled from the hub.
        let pulled = EventRecord(
            id: EventID.make(at: time.withLock { $0 }),
            kioskID: "gate-2",
            seq: 1,
            reader: "entrance",
            uid: try TagUID(parsing: "04A1B2C3"),
            studentID: "S001",
            kind: .tap,
            direction: .in,
            outcome: .accepted,
            reason: nil,
            occurredAt: time.withLock { $0.addingTimeInterval(30) },
            recordedAt: time.withLock { $0.addingTimeInterval(30) },
            monotonicNanoseconds: 1,
            bootID: "boot",
            clockSynchronised: true
        )
        time.withLock { $0 = $0.addingTimeInterval(60) }
        #expect(try await journal.insertPulled([pulled], cursor: 1, at: time.withLock { $0 }) == 1)
        try await expectReport("after a pull")

        // Past curfew (22:30), then into the next attendance day (04:00).
        time.withLock { $0 = $0.addingTimeInterval(3 * 3_600) }
        try await expectReport("after curfew")
        #expect(try await summary.snapshot().attendance.summary.notReturned == 2)
        try await tap("11223344", after: 60)
        try await expectReport("a late arrival")
        time.withLock { $0 = $0.addingTimeInterval(6 * 3_600) }
        try await expectReport("the next day")
        #expect(try await summary.snapshot().attendance.date.description == "2026-11-22")
    }
}
