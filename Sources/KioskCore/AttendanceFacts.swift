public import Foundation

/// The facts of one attendance day that a store reads for a report: the active students, each one's latest
/// accepted tap before the day, the day's accepted taps up to the evaluation instant, the unknown reads from one
/// debounce window before the day (so the per-UID debounce sees them), the leave passes covering an instant of the
/// day up to the evaluation instant, and how many of the day's reads a host recorded with an unsynchronised clock and
/// how many were placed at their corrected time. A corrected read counts at its corrected time throughout.
public struct AttendanceFacts: Sendable {
    public let students: [Student]
    public let taps: [AcceptedTap]
    public let unknownReads: [UnknownRead]
    /// Reads of cards that could not be verified.
    public let refusedReads: [RefusedRead]
    public let passes: [LeavePass]
    /// Reads recorded with an unsynchronised clock whose times were not corrected.
    public let unsynchronisedClockReads: Int
    /// Reads placed at their corrected time.
    public let correctedClockReads: Int

    public init(
        students: [Student],
        taps: [AcceptedTap],
        unknownReads: [UnknownRead],
        refusedReads: [RefusedRead] = [],
        passes: [LeavePass],
        unsynchronisedClockReads: Int,
        correctedClockReads: Int = 0
    ) {
        self.students = students
        self.taps = taps
        self.unknownReads = unknownReads
        self.refusedReads = refusedReads
        self.passes = passes
        self.unsynchronisedClockReads = unsynchronisedClockReads
        self.correctedClockReads = correctedClockReads
    }

    /// The attendance these facts give under `rules`.
    public func attendance(on date: AttendanceDate, evaluatedAt: Date, rules: AttendanceRules) -> DailyAttendance {
        rules.attendance(
            on: date,
            evaluatedAt: evaluatedAt,
            students: students,
            taps: taps,
            unknownReads: unknownReads,
            refusedReads: refusedReads,
            passes: passes
        )
    }
}
