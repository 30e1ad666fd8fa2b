public import Foundation

extension AttendanceFacts {
    /// An accepted, unknown or refused read as a store's day query returns it.
    public struct DayRead: Sendable {
        public let id: EventID
        public let outcome: EventOutcome
        public let studentID: String?
        public let uid: String?
        public let direction: Direction?
        public let occurredAt: Date
        /// A refused read's reason.
        public let reason: String?

        public init(
            id: EventID,
            outcome: EventOutcome,
            studentID: String?,
            uid: String?,
            direction: Direction?,
            occurredAt: Date,
            reason: String? = nil
        ) {
            self.id = id
            self.outcome = outcome
            self.studentID = studentID
            self.uid = uid
            self.direction = direction
            self.occurredAt = occurredAt
            self.reason = reason
        }
    }

    /// The facts of a day starting at `start`, from what every store reads the same way: the active students,
    /// each one's latest accepted tap before the day, the accepted, unknown and refused reads from one debounce window
    /// before the day up to the evaluation instant, and the passes covering an instant of the day up to it. Accepted taps before `start` are left to `latestBeforeDay`;
    /// an accepted read with no student or direction changes no state; an unknown read with a malformed UID is
    /// left out.
    public init(
        students: [Student],
        latestBeforeDay: [AcceptedTap],
        reads: [DayRead],
        passes: [LeavePass],
        start: Date,
        unsynchronisedClockReads: Int,
        correctedClockReads: Int = 0
    ) {
        var taps = latestBeforeDay
        var unknownReads: [UnknownRead] = []
        var refusedReads: [RefusedRead] = []
        for read in reads {
            switch read.outcome {
            case .unknown:
                if let uid = try? TagUID(parsing: read.uid ?? "") { unknownReads.append(UnknownRead(uid: uid, occurredAt: read.occurredAt)) }
            case .accepted:
                guard read.occurredAt >= start, let studentID = read.studentID, let direction = read.direction else { continue }
                taps.append(AcceptedTap(studentID: studentID, occurredAt: read.occurredAt, direction: direction, eventID: read.id))
            case .refused:
                guard let uid = try? TagUID(parsing: read.uid ?? ""), let reason = CardRefusal(rawValue: read.reason ?? "") else { continue }
                refusedReads.append(RefusedRead(uid: uid, studentID: read.studentID, reason: reason, occurredAt: read.occurredAt))
            case .ignored:
                continue
            }
        }
        self.init(
            students: students,
            taps: taps,
            unknownReads: unknownReads,
            refusedReads: refusedReads,
            passes: passes,
            unsynchronisedClockReads: unsynchronisedClockReads,
            correctedClockReads: correctedClockReads
        )
    }

    /// Each student's latest tap of `uncorrected` (taps at their recorded time) and `corrected` (taps at their
    /// corrected time, which may fall later than a tap recorded after them), sorted by student.
    public static func latestPerStudent(uncorrected: [AcceptedTap], corrected: [AcceptedTap]) -> [AcceptedTap] {
        guard !corrected.isEmpty else { return uncorrected }
        var latest = Dictionary(uncorrected.map { ($0.studentID, $0) }, uniquingKeysWith: { first, _ in first })
        for tap in corrected {
            if let current = latest[tap.studentID], (current.occurredAt, current.eventID.rawValue) >= (tap.occurredAt, tap.eventID.rawValue) {
                continue
            }
            latest[tap.studentID] = tap
        }
        return latest.values.sorted { $0.studentID < $1.studentID }
    }
}
