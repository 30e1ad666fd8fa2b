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
            studentAttendance(
                student,
                history: (tapsByStudent[student.id] ?? []).sorted { $0.precedes($1) },
                passes: passesByStudent[student.id] ?? [],
                start: start,
                curfew: curfew,
                evaluatedAt: evaluatedAt
            )
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

    /// One student's row of a day starting at `start`, evaluated at `evaluatedAt`: `history` holds their accepted
    /// taps before `evaluatedAt` in order (at least the latest before the day), `passes` theirs.
    func studentAttendance(
        _ student: Student,
        history: [AcceptedTap],
        passes: [LeavePass],
        start: Date,
        curfew: Date,
        evaluatedAt: Date
    ) -> StudentAttendance {
        let today = history.filter { $0.occurredAt >= start }
        let state = history.last?.direction ?? policy.initialState
        let pass = passes.covering(evaluatedAt, studentID: student.id)
        let status: AttendanceStatus =
            switch (state, pass, today.isEmpty) {
            case (.in, _, _): .in
            case (.out, _?, _): .onLeave
            case (.out, nil, true): .absent
            case (.out, nil, false): evaluatedAt >= curfew ? .notReturned : .out
            }
        return StudentAttendance(
            student: student,
            status: status,
            firstIn: today.first { $0.direction == .in }?.occurredAt,
            lastOut: today.last { $0.direction == .out }?.occurredAt,
            taps: today.count,
            late: today.contains { tap in
                tap.direction == .in && tap.occurredAt >= curfew && passes.covering(tap.occurredAt, studentID: student.id) == nil
            },
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

    /// How many of one card's reads (`times`, in order) in [start, end) count (a read counts unless a counted read lies
    /// within the debounce window before it, even one before `start`), and the latest there; nil when none is there.
    private func activity(_ times: [Date], from start: Date, to end: Date) -> (reads: Int, lastSeen: Date)? {
        let window = Double(policy.debounceSeconds)
        var lastCounted: Date?
        var counted = 0
        var lastSeen: Date?
        for time in times where time < end {
            let isCounted = lastCounted.map { $0 <= time.addingTimeInterval(-window) } ?? true
            if isCounted { lastCounted = time }
            guard time >= start else { continue }
            if isCounted { counted += 1 }
            lastSeen = time
        }
        return lastSeen.map { (counted, $0) }
    }
}
