import Foundation
import KioskCore
import Testing

@testable import KioskDashboard

@Suite struct DashboardScreenTests {
    let policy = AttendancePolicy(
        timeZone: TimeZone(identifier: "Asia/Kolkata")!,
        dayStartsAt: TimeOfDay(hour: 4, minute: 0)!,
        curfew: TimeOfDay(hour: 22, minute: 30)!
    )
    let asha = Student(id: "S001", name: "Asha Verma", room: "101")
    let rahul = Student(id: "S002", name: "राहुल शर्मा", room: "102")

    func snapshot(
        at time: String,
        taps: [(Student, Direction, String)],
        recent: [RecordedTap],
        refusal: DashboardSnapshot.Refusal? = nil,
        passes: [LeavePass] = []
    ) throws -> DashboardSnapshot {
        let now = try Timestamp.parse(time)
        let accepted = try taps.map { student, direction, at in
            AcceptedTap(studentID: student.id, occurredAt: try Timestamp.parse(at), direction: direction, eventID: EventID.make(at: now))
        }
        let date = policy.attendanceDay(containing: now)
        let attendance = AttendanceRules(policy: policy).attendance(
            on: date,
            evaluatedAt: now,
            students: [asha, rahul],
            taps: accepted,
            unknownReads: [],
            passes: passes
        )
        return DashboardSnapshot(
            now: now,
            kioskID: "gate-1",
            attendance: attendance,
            recentTaps: recent,
            readers: [.init(name: "entrance", state: "ready", healthy: true), .init(name: "exit", state: "reconnecting", healthy: false)],
            sync: .init(pending: 3, quarantined: 0, lastSyncedAt: now, nextRetryAt: nil),
            alerts: ["clock not synchronised"],
            refusal: refusal
        )
    }

    func tap(_ outcome: TapOutcome, _ student: Student?, at time: String, previous: AcceptedTap? = nil, pass: LeavePass? = nil) throws -> RecordedTap
    {
        let instant = try Timestamp.parse(time)
        return RecordedTap(
            eventID: EventID.make(at: instant),
            outcome: outcome,
            uid: try TagUID(parsing: "04A1B2C3"),
            student: student,
            occurredAt: instant,
            previous: previous,
            pass: pass
        )
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 12), (100, 30)])
    func fillsTheScreenExactly(width: Int, height: Int) throws {
        let latest = try tap(.in, rahul, at: "2026-11-21T21:03:00+05:30")
        let lines = DashboardScreen(width: width, height: height).layout(
            try snapshot(at: "2026-11-21T21:04:00+05:30", taps: [(rahul, .in, "2026-11-21T21:03:00+05:30")], recent: [latest])
        )
        #expect(lines.count == height)
        for line in lines {
            #expect(TerminalColumns.width(of: line.rendered(width: width, colors: false)) <= width)
        }
    }

    @Test func greetsTheLatestTapInLargeLetters() throws {
        let latest = try tap(.in, asha, at: "2026-11-21T21:03:00+05:30")
        let text = DashboardScreen(width: 80, height: 24).layout(
            try snapshot(
                at: "2026-11-21T21:04:00+05:30",
                taps: [(asha, .out, "2026-11-21T09:00:00+05:30"), (asha, .in, "2026-11-21T21:03:00+05:30")],
                recent: [latest]
            )
        ).map(\.plain).joined(separator: "\n")
        #expect(text.contains("Asha Verma  ·  room 101  ·  21:03"))
        #expect(text.contains("██  █"))
        #expect(text.contains("gate-1"))
        #expect(text.contains("Sat 21 Nov 2026 21:04:00"))
        #expect(text.contains("attendance day 2026-11-21"))
        #expect(text.contains("IN 2"))
        #expect(text.contains("TOTAL 2"))
        #expect(text.contains("entrance ready"))
        #expect(text.contains("3 pending"))
        #expect(text.contains("! clock not synchronised"))
    }

    @Test func greetsAnOutUnderALeavePassWithItsEndAndCountsTheStudentOnLeave() throws {
        let pass = LeavePass(
            id: "lp-1",
            studentID: asha.id,
            from: try Timestamp.parse("2026-11-21T17:00:00+05:30"),
            until: try Timestamp.parse("2026-11-22T18:00:00+05:30"),
            reason: "home"
        )
        let latest = try tap(.out, asha, at: "2026-11-21T18:00:00+05:30", pass: pass)
        let text = DashboardScreen(width: 100, height: 24).layout(
            try snapshot(at: "2026-11-21T18:01:00+05:30", taps: [(asha, .out, "2026-11-21T18:00:00+05:30")], recent: [latest], passes: [pass])
        ).map(\.plain).joined(separator: "\n")
        #expect(text.contains("Asha Verma  ·  room 101  ·  18:00  ·  on leave until Sun 18:00"))
        #expect(text.contains("ON LEAVE 1"))
    }

    @Test func tellsAStudentWhoseTapTheJournalRefusedUntilATapIsRecordedAgain() throws {
        let earlier = try tap(.in, asha, at: "2026-11-21T21:03:00+05:30")
        let refusal = DashboardSnapshot.Refusal(
            uid: "04B2C3D4",
            reader: "entrance",
            at: try Timestamp.parse("2026-11-21T21:04:00+05:30"),
            reason: "database or disk is full"
        )
        let screen = DashboardScreen(width: 80, height: 24)
        let refused = screen.layout(try snapshot(at: "2026-11-21T21:04:01+05:30", taps: [], recent: [earlier], refusal: refusal)).map(\.plain)
        #expect(refused.count == 24)
        #expect(refused.contains { $0.contains("✗ NOT RECORDED") })
        #expect(refused.contains { $0.contains("Card 04B2C3D4 on entrance: the journal cannot be written") })
        #expect(!refused.contains { $0.contains("Asha Verma  ·  room 101") })

        let later = try tap(.in, rahul, at: "2026-11-21T21:05:00+05:30")
        let recorded = screen.layout(try snapshot(at: "2026-11-21T21:05:01+05:30", taps: [], recent: [later], refusal: refusal)).map(\.plain)
        #expect(!recorded.contains { $0.contains("NOT RECORDED") })
        #expect(recorded.contains { $0.contains("राहुल शर्मा  ·  room 102") })
    }

    @Test(arguments: [(80, 24), (40, 8)])
    func saysSoWhenTheJournalCannotBeRead(width: Int, height: Int) throws {
        let refusal = DashboardSnapshot.Refusal(uid: "04B2C3D4", reader: "entrance", at: Date(), reason: "disk I/O error")
        let lines = DashboardScreen(width: width, height: height)
            .layoutUnavailable(kioskID: "gate-1", now: Date(), problem: "disk I/O error", refusal: refusal)
        #expect(lines.count == height)
        let text = lines.map(\.plain).joined(separator: "\n")
        #expect(text.contains("gate-1"))
        #expect(text.contains("NOT RECORDED"))
        #expect(text.contains("! the journal cannot be read: disk I/O error"))
    }

    @Test func explainsIgnoredAndUnknownTaps() throws {
        let previous = AcceptedTap(
            studentID: "S001",
            occurredAt: try Timestamp.parse("2026-11-21T21:03:00+05:30"),
            direction: .in,
            eventID: EventID.make(at: Date())
        )
        let ignored = try tap(.ignored, asha, at: "2026-11-21T21:03:05+05:30", previous: previous)
        let screen = DashboardScreen(width: 80, height: 24)
        let ignoredText = screen.layout(try snapshot(at: "2026-11-21T21:04:00+05:30", taps: [], recent: [ignored])).map(\.plain)
        #expect(ignoredText.contains { $0.contains("already IN since 21:03") })
        let unknown = try tap(.unknown, nil, at: "2026-11-21T21:05:00+05:30")
        let unknownText = screen.layout(try snapshot(at: "2026-11-21T21:06:00+05:30", taps: [], recent: [unknown])).map(\.plain)
        #expect(unknownText.contains { $0.contains("not registered, see the warden") })
    }

    @Test func listsStudentsNotReturnedOnlyAfterCurfew() throws {
        let taps = [(rahul, Direction.out, "2026-11-21T19:00:00+05:30")]
        let screen = DashboardScreen(width: 80, height: 24)
        let before = screen.layout(try snapshot(at: "2026-11-21T22:00:00+05:30", taps: taps, recent: [])).map(\.plain)
        let after = screen.layout(try snapshot(at: "2026-11-21T23:00:00+05:30", taps: taps, recent: [])).map(\.plain)
        #expect(!before.contains { $0.contains("Not returned after") })
        #expect(after.contains { $0.contains("Not returned after 22:30") })
        #expect(after.contains { $0.contains("राहुल शर्मा (102)") })
        #expect(after.contains { $0.contains("NOT RETURNED 1") })
    }
}
