public import Foundation

/// A warden's leave pass: the student may be out from `from` to `until` (both included), so being out then is
/// neither absence nor failing to return, and coming in then is not late.
public struct LeavePass: Sendable, Hashable, Identifiable {
    public let id: String
    public let studentID: String
    public let from: Date
    public let until: Date
    public let reason: String

    public init(id: String, studentID: String, from: Date, until: Date, reason: String) {
        self.id = id
        self.studentID = studentID
        self.from = from
        self.until = until
        self.reason = reason
    }

    /// Whether the pass covers `instant`: `from <= instant <= until` (returning exactly at `until` is on time).
    public func covers(_ instant: Date) -> Bool {
        from <= instant && instant <= until
    }

    /// Whether the pass covers some instant of [start, end].
    public func overlaps(from start: Date, to end: Date) -> Bool {
        from <= end && start <= until
    }

    /// The kiosk's words for it on an OUT tap, in the policy's zone: `on leave until Sun 18:00`.
    public func leaveNote(_ policy: AttendancePolicy) -> String {
        "on leave until \(policy.weekdayAndTime(of: until))"
    }
}

extension Sequence<LeavePass> {
    /// The pass of `studentID` that covers `instant`, if any; of several, the one that lasts longest, then the
    /// first made (ids sort in the order passes were made).
    public func covering(_ instant: Date, studentID: String) -> LeavePass? {
        filter { $0.studentID == studentID && $0.covers(instant) }.min { ($1.until, $0.id) < ($0.until, $1.id) }
    }
}

extension AttendancePolicy {
    /// The first and last instants of day `date` at the stores' precision (a millisecond): the passes covering any
    /// instant of the day are those covering some instant of [first, last].
    public func firstAndLastInstants(of date: AttendanceDate) -> (first: Date, last: Date) {
        (start(of: date), end(of: date).addingTimeInterval(-0.001))
    }
}
