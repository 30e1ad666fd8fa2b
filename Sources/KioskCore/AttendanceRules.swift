public import Foundation

/// The attendance rules of the contract as a pure function of the recorded facts.
public struct AttendanceRules: Sendable {
    public let policy: AttendancePolicy

    public init(policy: AttendancePolicy) {
        self.policy = policy
    }

    /// Decides a read at `instant` of an active student's tag, given that student's latest accepted tap at or
    /// before `instant`. Within the debounce window the read is ignored; otherwise a fixed reader gives its own
    /// direction and a toggle reader the opposite of the state just before the read.
    public func decide(at instant: Date, reader: ReaderDirection, latestAccepted: AcceptedTap?) -> TapDecision {
        if let latest = latestAccepted, latest.occurredAt > instant.addingTimeInterval(-Double(policy.debounceSeconds)) {
            return .ignored(previous: latest)
        }
        switch reader {
        case .in: return .accepted(.in)
        case .out: return .accepted(.out)
        case .toggle: return .accepted((latestAccepted?.direction ?? policy.initialState).opposite)
        }
    }

    /// The attendance of `students` (the active ones count) on `date`, evaluated at `evaluatedAt`.
    ///
    /// `taps` must hold, for each student, at least the latest accepted tap before the start of the day and
    /// every accepted tap in the day; `unknownReads` every unknown read from one debounce window before the
    /// start of the day; `passes` every pass covering an instant of [start of the day, `evaluatedAt`]. Extra older
    /// records change nothing.
    public func attendance(
        on date: AttendanceDate,
        evaluatedAt: Date,
        students: [Student],
        taps: [AcceptedTap],
        unknownReads: [UnknownRead],
        refusedReads: [RefusedRead] = [],
        passes: [LeavePass] = []
    ) -> DailyAttendance {
        let start = policy.start(of: date)
        let curfew = policy.curfew(of: date)
        let tapsByStudent = Dictionary(grouping: taps.filter { $0.occurredAt < evaluatedAt }, by: \.studentID)
        let passesByStudent = Dictionary(grouping: passes, by: \.studentID)
        let rows = students.filter { $0.status == .active }.sorted { $0.id < $1.id }.map { student in
            let passes = passesByStudent[student.id] ?? []
            var tally = TapTally()
            for tap in (tapsByStudent[student.id] ?? []).sorted(by: { $0.precedes($1) }) {
                tally.count(tap, start: start, curfew: curfew, passes: passes)
            }
            return studentAttendance(student, tally: tally, passes: passes, curfew: curfew, evaluatedAt: evaluatedAt)
        }
        return DailyAttendance(
            date: date,
            policy: policy,
            evaluatedAt: evaluatedAt,
            summary: AttendanceSummary(counting: rows),
            students: rows,
            unknownTags: unknownActivity(unknownReads, from: start, to: evaluatedAt),
            refusedReads: refusedActivity(refusedReads, from: start, to: evaluatedAt)
        )
    }

    /// One student's row of a day, evaluated at `evaluatedAt`: `tally` has counted their accepted taps before
    /// `evaluatedAt` (at least the latest before the day), `passes` are theirs.
    func studentAttendance(
        _ student: Student,
        tally: TapTally,
        passes: [LeavePass],
        curfew: Date,
        evaluatedAt: Date
    ) -> StudentAttendance {
        let state = tally.latestDirection ?? policy.initialState
        let pass = passes.covering(evaluatedAt, studentID: student.id)
        let status: AttendanceStatus =
            switch (state, pass, tally.taps == 0) {
            case (.in, _, _): .in
            case (.out, _?, _): .onLeave
            case (.out, nil, true): .absent
            case (.out, nil, false): evaluatedAt >= curfew ? .notReturned : .out
            }
        return StudentAttendance(
            student: student,
            status: status,
            firstIn: tally.firstIn,
            lastOut: tally.lastOut,
            taps: tally.taps,
            late: tally.late,
            pass: pass
        )
    }

    /// Unknown reads per UID in [start, end): a read counts unless a counted read of the same UID lies within
    /// the debounce window before it (ignored reads do not extend the window).
    func unknownActivity(_ reads: [UnknownRead], from start: Date, to end: Date) -> [UnknownTagActivity] {
        Dictionary(grouping: reads, by: \.uid).compactMap { uid, reads in
            unknownActivity(of: uid, reads.sorted { $0.occurredAt < $1.occurredAt }, from: start, to: end)
        }.sorted { $0.uid < $1.uid }
    }

    /// The activity of one unknown UID in [start, end), from its reads in time order; nil when it has none there.
    func unknownActivity(of uid: TagUID, _ reads: [UnknownRead], from start: Date, to end: Date) -> UnknownTagActivity? {
        activity(reads.map(\.occurredAt), from: start, to: end).map { UnknownTagActivity(uid: uid, reads: $0.reads, lastSeen: $0.lastSeen) }
    }

    /// The activity of one unknown UID whose reads of the day `tally` counted; nil when it has none there.
    func unknownActivity(of uid: TagUID, _ tally: ReadTally) -> UnknownTagActivity? {
        tally.lastSeen.map { UnknownTagActivity(uid: uid, reads: tally.counted, lastSeen: $0) }
    }

    /// Refused reads per UID and reason in [start, end), counted as unknown reads are.
    func refusedActivity(_ reads: [RefusedRead], from start: Date, to end: Date) -> [RefusedReadActivity] {
        Dictionary(grouping: reads) { "\($0.uid.hex) \($0.reason.rawValue)" }.values.compactMap { reads in
            let sorted = reads.sorted { $0.occurredAt < $1.occurredAt }
            guard let first = sorted.first, let counted = activity(sorted.map(\.occurredAt), from: start, to: end) else { return nil }
            return RefusedReadActivity(
                uid: first.uid,
                studentID: sorted.last { $0.occurredAt < end }?.studentID,
                reason: first.reason,
                reads: counted.reads,
                lastSeen: counted.lastSeen
            )
        }.sorted { ($0.uid, $0.reason.rawValue) < ($1.uid, $1.reason.rawValue) }
    }

    /// How many of one card's reads (`times`, in order) in [start, end) count, and the latest there; nil when none
    /// is there.
    private func activity(_ times: [Date], from start: Date, to end: Date) -> (reads: Int, lastSeen: Date)? {
        var tally = ReadTally()
        for time in times where time < end { tally.count(time, from: start, window: Double(policy.debounceSeconds)) }
        return tally.lastSeen.map { (tally.counted, $0) }
    }
}
