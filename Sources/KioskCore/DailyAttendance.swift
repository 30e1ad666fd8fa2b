public import Foundation

/// Where a student stands at the evaluation instant of a day.
public enum AttendanceStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case `in` = "in"
    case out = "out"
    case notReturned = "notReturned"
    case absent = "absent"
    /// Out on a leave pass that covers the evaluation instant.
    case onLeave = "onLeave"
}

/// One active student's attendance for a day.
public struct StudentAttendance: Sendable, Hashable {
    public let student: Student
    public let status: AttendanceStatus
    /// The first accepted `in` tap of the day, if any.
    public let firstIn: Date?
    /// The last accepted `out` tap of the day, if any.
    public let lastOut: Date?
    /// Accepted taps (card and manual) in the day so far.
    public let taps: Int
    /// Whether the student came in after curfew at an instant no pass of theirs covers.
    public let late: Bool
    /// The pass covering the evaluation instant, if any.
    public let pass: LeavePass?
}

/// Reads of a tag that maps to no active student, listed for enrolment.
public struct UnknownTagActivity: Sendable, Hashable {
    public let uid: TagUID
    /// Reads in the day, not counting those debounced per UID.
    public let reads: Int
    /// The latest read in the day.
    public let lastSeen: Date
}

/// Refused reads of one card for one reason in a day, for the warden (CONTRACT.md "Cards that cannot be cloned").
public struct RefusedReadActivity: Sendable, Hashable {
    public let uid: TagUID
    /// The student the tag was on the roster for, when it was.
    public let studentID: String?
    public let reason: CardRefusal
    /// Reads in the day, counted as for unknown tags.
    public let reads: Int
    /// The latest read in the day.
    public let lastSeen: Date
}

/// Counts over the active roster; the five statuses add up to `total`.
public struct AttendanceSummary: Sendable, Hashable {
    public let total: Int
    public let checkedIn: Int
    public let checkedOut: Int
    public let notReturned: Int
    public let absent: Int
    public let onLeave: Int
    public let late: Int

    public init(total: Int, checkedIn: Int, checkedOut: Int, notReturned: Int, absent: Int, onLeave: Int, late: Int) {
        self.total = total
        self.checkedIn = checkedIn
        self.checkedOut = checkedOut
        self.notReturned = notReturned
        self.absent = absent
        self.onLeave = onLeave
        self.late = late
    }

    /// The counts of `rows`.
    init(counting rows: [StudentAttendance]) {
        self.init(
            total: rows.count,
            checkedIn: rows.count { $0.status == .in },
            checkedOut: rows.count { $0.status == .out },
            notReturned: rows.count { $0.status == .notReturned },
            absent: rows.count { $0.status == .absent },
            onLeave: rows.count { $0.status == .onLeave },
            late: rows.count { $0.late }
        )
    }

    /// These counts with `old` replaced by `new`: one student's row changed.
    func replacing(_ old: StudentAttendance, with new: StudentAttendance) -> AttendanceSummary {
        func delta(_ status: AttendanceStatus) -> Int { (new.status == status ? 1 : 0) - (old.status == status ? 1 : 0) }
        return AttendanceSummary(
            total: total,
            checkedIn: checkedIn + delta(.in),
            checkedOut: checkedOut + delta(.out),
            notReturned: notReturned + delta(.notReturned),
            absent: absent + delta(.absent),
            onLeave: onLeave + delta(.onLeave),
            late: late + (new.late ? 1 : 0) - (old.late ? 1 : 0)
        )
    }
}

/// The attendance of the active roster for one attendance day, evaluated at one instant.
public struct DailyAttendance: Sendable, Hashable {
    public let date: AttendanceDate
    public let policy: AttendancePolicy
    /// The evaluation instant E: everything here counts taps in [start of day, E).
    public let evaluatedAt: Date
    public let summary: AttendanceSummary
    /// Sorted by student id.
    public let students: [StudentAttendance]
    /// Sorted by UID.
    public let unknownTags: [UnknownTagActivity]
    /// Sorted by UID, then reason.
    public let refusedReads: [RefusedReadActivity]
}
