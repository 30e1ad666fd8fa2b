import Foundation
import KioskCore

/// A report of 2026-11-21 at a kiosk in Asia/Kolkata (day starts 04:00, curfew 22:30), evaluated at 01:00 the
/// next morning, built by the attendance rules from a few recorded taps.
enum ReportFixture {
    static let policy = AttendancePolicy(
        timeZone: TimeZone(identifier: "Asia/Kolkata")!,
        dayStartsAt: TimeOfDay(hour: 4, minute: 0)!,
        curfew: TimeOfDay(hour: 22, minute: 30)!
    )
    static let date = AttendanceDate(year: 2026, month: 11, day: 21)!
    static let longName = "<script>alert('x')</script> Venkatanarasimharajuvaripeta Subrahmanyam Lakshminarayana"
    static let devanagariName = "अनन्या शर्मा"
    static let quotedName = "Rao, \"Ravi\""
    static let wideName = "欧阳" + String(repeating: "明", count: 30)

    static let students = [
        Student(id: "S003", name: devanagariName, room: "B-12"),
        Student(id: "S001", name: quotedName, room: "101"),
        Student(id: "S002", name: longName, room: "Annex\nNorth wing, top floor"),
        Student(id: "S004", name: "Meera Iyer", room: "102"),
        Student(id: "S005", name: "Left Last Year", room: "103", status: .inactive),
        Student(id: "S006", name: wideName, room: "104"),
    ]

    /// S001's leave pass, from before they went out until Sunday 18:00.
    static func pass() throws -> LeavePass {
        LeavePass(
            id: "lp-weekend",
            studentID: "S001",
            from: try Timestamp.parse("2026-11-21T17:00:00+05:30"),
            until: try Timestamp.parse("2026-11-22T18:00:00+05:30"),
            reason: "home, sister's wedding"
        )
    }

    static func report(
        lastSyncedAt: Date? = nil,
        students: [Student] = students,
        passes: [LeavePass] = [],
        refusedReads: [RefusedRead] = []
    ) throws -> AttendanceReport {
        let taps = [
            try tap("S003", "2026-11-21T20:00:00+05:30", .out),
            try tap("S003", "2026-11-21T23:10:00+05:30", .in),
            try tap("S001", "2026-11-21T18:00:00+05:30", .out),
            try tap("S004", "2026-11-20T10:00:00+05:30", .out),
        ]
        let uid = try TagUID(parsing: "04:a1:b2:c3:d4:e5:f6")
        let unknownReads = [
            UnknownRead(uid: uid, occurredAt: try Timestamp.parse("2026-11-21T21:00:00+05:30")),
            UnknownRead(uid: uid, occurredAt: try Timestamp.parse("2026-11-21T21:00:05+05:30")),
            UnknownRead(uid: uid, occurredAt: try Timestamp.parse("2026-11-21T21:30:00+05:30")),
        ]
        let attendance = AttendanceRules(policy: policy).attendance(
            on: date,
            evaluatedAt: try Timestamp.parse("2026-11-22T01:00:00+05:30"),
            students: students,
            taps: taps,
            unknownReads: unknownReads,
            refusedReads: refusedReads,
            passes: passes
        )
        let completeness = ReportCompleteness(pending: 3, quarantined: 1, lastSyncedAt: lastSyncedAt, unsynchronisedClockReads: 2)
        return AttendanceReport(source: "gate-1", attendance: attendance, completeness: completeness)
    }

    private static func tap(_ student: String, _ time: String, _ direction: Direction) throws -> AcceptedTap {
        let instant = try Timestamp.parse(time)
        return AcceptedTap(studentID: student, occurredAt: instant, direction: direction, eventID: EventID.make(at: instant))
    }
}
