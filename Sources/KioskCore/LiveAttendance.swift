public import Foundation

/// The attendance of one day kept current in memory, as the live summary shows it: built once from the day's
/// facts, then each newly recorded read is applied to its own student's or UID's row, and the clock moving on
/// re-evaluates every row only at the instants where a status can change without a read (curfew, a pass starting
/// or ending), and the row of a read when the clock passes it. Every row is computed by `AttendanceRules`, so it
/// is always what the day's report says at the same instant.
///
/// Reads more than `tallyDelay` before the evaluation instant are counted into a tally per student or UID and no
/// longer kept one by one, so a gate's memory does not grow with the day's reads. A read older than that, or the
/// clock going back past it, cannot be applied here: the day must then be read again.
public struct LiveAttendance: Sendable {
    public let rules: AttendanceRules
    public let date: AttendanceDate
    private let start: Date
    private let curfew: Date
    /// Per active student: their accepted taps before `talliedBefore` counted (the latest before the day among them).
    private var tallies: [String: TapTally] = [:]
    /// Per active student: their accepted taps from `talliedBefore` on, in order.
    private var histories: [String: [AcceptedTap]]
    private let passes: [String: [LeavePass]]
    /// Per unknown UID: its reads before `talliedBefore` counted (from one debounce window before the day on).
    private var unknownTallies: [TagUID: ReadTally] = [:]
    /// Per unknown UID: its reads from `talliedBefore` on, in time order.
    private var unknownReads: [TagUID: [UnknownRead]]
    /// Reads before this instant are in the tallies.
    private var talliedBefore = Date.distantPast
    private var rows: [StudentAttendance]
    private let rowIndex: [String: Int]
    private var unknownTags: [UnknownTagActivity]
    private var summary: AttendanceSummary
    /// The instant the rows were evaluated at.
    public private(set) var evaluatedAt: Date
    /// The first instant after `evaluatedAt` at which a status can change without a new read.
    private var nextChange: Date
    /// Reads at or after `evaluatedAt`, not yet counted: their rows change when the clock passes them.
    private var readsAhead: [(at: Date, subject: Subject)] = []

    /// How long before the evaluation instant reads are still kept one by one: a read applied late by that much (the
    /// clock read before its commit, a reload racing it) is still applied here. Ten seconds is far more than a commit
    /// takes, and short enough that a gate's busiest minute keeps few reads (P7: a tap every 2 ms, 500 students).
    public static let tallyDelay: TimeInterval = 10

    /// Whose row a read changes.
    private enum Subject {
        case student(String)
        case unknownTag(TagUID)
    }

    /// The day `date` from its facts (read up to the end of the day or later), evaluated at `evaluatedAt`.
    public init(_ facts: AttendanceFacts, on date: AttendanceDate, evaluatedAt: Date, rules: AttendanceRules) {
        self.rules = rules
        self.date = date
        start = rules.policy.start(of: date)
        curfew = rules.policy.curfew(of: date)
        let active = facts.students.filter { $0.status == .active }.sorted { $0.id < $1.id }
        let activeIDs = Set(active.map(\.id))
        histories = Dictionary(grouping: facts.taps.filter { activeIDs.contains($0.studentID) }, by: \.studentID)
            .mapValues { $0.sorted { $0.precedes($1) } }
        passes = Dictionary(grouping: facts.passes, by: \.studentID)
        unknownReads = Dictionary(grouping: facts.unknownReads, by: \.uid).mapValues { $0.sorted { $0.occurredAt < $1.occurredAt } }
        rowIndex = Dictionary(uniqueKeysWithValues: active.enumerated().map { ($1.id, $0) })
        rows = active.map { StudentAttendance(student: $0, status: .absent, firstIn: nil, lastOut: nil, taps: 0, late: false, pass: nil) }
        unknownTags = []
        summary = AttendanceSummary(counting: [])
        let instant = rules.policy.evaluationInstant(of: date, now: evaluatedAt)
        self.evaluatedAt = instant
        nextChange = instant
        tally(before: instant.addingTimeInterval(-Self.tallyDelay))
        evaluateAll(at: instant)
    }

    /// The day's attendance at `evaluatedAt`.
    public var attendance: DailyAttendance {
        // The live summary greets a refused read as it happens; the day's report lists them.
        DailyAttendance(
            date: date,
            policy: rules.policy,
            evaluatedAt: evaluatedAt,
            summary: summary,
            students: rows,
            unknownTags: unknownTags,
            refusedReads: []
        )
    }

    /// Moves the evaluation instant on to `now` (never past the end of the day), re-evaluating every row only
    /// when a status may have changed since. Returns false, changing nothing, when `now` is before reads already
    /// tallied (the clock went back): the day must then be read again.
    public mutating func advance(to now: Date) -> Bool {
        let instant = rules.policy.evaluationInstant(of: date, now: now)
        guard instant >= talliedBefore else { return false }
        if instant >= nextChange || instant < evaluatedAt {
            evaluateAll(at: instant)
        } else {
            evaluatedAt = instant
            let passed = readsAhead.filter { $0.at < instant }
            readsAhead.removeAll { $0.at < instant }
            for read in passed { update(read.subject) }
        }
        // Tallying walks every student: done once a delay's worth of reads has gathered, not on every advance.
        let due = instant.addingTimeInterval(-Self.tallyDelay)
        if due >= talliedBefore.addingTimeInterval(Self.tallyDelay) { tally(before: due) }
        return true
    }

    /// Applies a read just recorded. Returns false when it cannot be applied here (its student is not in the
    /// roster these facts were read with, or it is older than the reads already tallied): the day must then be read
    /// again. A read already applied changes nothing.
    public mutating func apply(_ tap: RecordedTap) -> Bool {
        switch tap.outcome {
        case .ignored, .refused:
            return true
        case .unknown:
            guard let uid = tap.uid else { return true }
            guard tap.occurredAt >= talliedBefore else { return false }
            let read = UnknownRead(uid: uid, occurredAt: tap.occurredAt)
            var reads = unknownReads[uid] ?? []
            guard !reads.contains(read) else { return true }
            reads.insert(read, at: reads.partitioningIndex { $0.occurredAt > read.occurredAt })
            unknownReads[uid] = reads
            noteRead(at: tap.occurredAt, of: .unknownTag(uid))
            update(.unknownTag(uid))
            return true
        case .in, .out:
            guard let student = tap.student, rowIndex[student.id] != nil, tap.occurredAt >= talliedBefore else { return false }
            let accepted = AcceptedTap(
                studentID: student.id,
                occurredAt: tap.occurredAt,
                direction: tap.outcome == .in ? .in : .out,
                eventID: tap.eventID
            )
            var history = histories[student.id] ?? []
            guard !history.contains(accepted) else { return true }
            history.insert(accepted, at: history.partitioningIndex { accepted.precedes($0) })
            histories[student.id] = history
            noteRead(at: tap.occurredAt, of: .student(student.id))
            update(.student(student.id))
            return true
        }
    }

    /// Counts every read before `instant` (no later than the evaluation instant) into its tally.
    private mutating func tally(before instant: Date) {
        let window = Double(rules.policy.debounceSeconds)
        for (id, taps) in histories {
            let split = taps.partitioningIndex { $0.occurredAt >= instant }
            guard split > 0 else { continue }
            var tally = tallies[id] ?? TapTally()
            for tap in taps[..<split] { tally.count(tap, start: start, curfew: curfew, passes: passes[id] ?? []) }
            tallies[id] = tally
            histories[id] = split == taps.count ? nil : Array(taps[split...])
        }
        for (uid, reads) in unknownReads {
            let split = reads.partitioningIndex { $0.occurredAt >= instant }
            guard split > 0 else { continue }
            var tally = unknownTallies[uid] ?? ReadTally()
            for read in reads[..<split] { tally.count(read.occurredAt, from: start, window: window) }
            unknownTallies[uid] = tally
            unknownReads[uid] = split == reads.count ? nil : Array(reads[split...])
        }
        talliedBefore = max(talliedBefore, instant)
    }

    /// A read at or after the evaluation instant starts counting when the clock passes it.
    private mutating func noteRead(at instant: Date, of subject: Subject) {
        if instant >= evaluatedAt { readsAhead.append((instant, subject)) }
    }

    private mutating func evaluateAll(at instant: Date) {
        evaluatedAt = instant
        rows = rows.map { evaluate($0.student, at: instant) }
        summary = AttendanceSummary(counting: rows)
        let uids = Set(unknownTallies.keys).union(unknownReads.keys)
        unknownTags = uids.compactMap { unknownActivity(of: $0, at: instant) }.sorted { $0.uid < $1.uid }
        readsAhead =
            histories.flatMap { id, taps in taps.filter { $0.occurredAt >= instant }.map { ($0.occurredAt, Subject.student(id)) } }
            + unknownReads.flatMap { uid, reads in reads.filter { $0.occurredAt >= instant }.map { ($0.occurredAt, Subject.unknownTag(uid)) } }
        nextChange = nextChange(after: instant)
    }

    /// Evaluates the row a read changed again, at `evaluatedAt`.
    private mutating func update(_ subject: Subject) {
        switch subject {
        case .student(let id):
            guard let index = rowIndex[id] else { return }
            let row = evaluate(rows[index].student, at: evaluatedAt)
            summary = summary.replacing(rows[index], with: row)
            rows[index] = row
        case .unknownTag(let uid):
            updateUnknownTag(uid)
        }
    }

    /// A student's row at `instant` (no earlier than `talliedBefore`): their tally and their later taps before it.
    private func evaluate(_ student: Student, at instant: Date) -> StudentAttendance {
        let studentPasses = passes[student.id] ?? []
        var tally = tallies[student.id] ?? TapTally()
        for tap in histories[student.id] ?? [] where tap.occurredAt < instant {
            tally.count(tap, start: start, curfew: curfew, passes: studentPasses)
        }
        return rules.studentAttendance(student, tally: tally, passes: studentPasses, curfew: curfew, evaluatedAt: instant)
    }

    /// An unknown UID's activity at `instant` (no earlier than `talliedBefore`).
    private func unknownActivity(of uid: TagUID, at instant: Date) -> UnknownTagActivity? {
        var tally = unknownTallies[uid] ?? ReadTally()
        for read in unknownReads[uid] ?? [] where read.occurredAt < instant {
            tally.count(read.occurredAt, from: start, window: Double(rules.policy.debounceSeconds))
        }
        return rules.unknownActivity(of: uid, tally)
    }

    private mutating func updateUnknownTag(_ uid: TagUID) {
        let activity = unknownActivity(of: uid, at: evaluatedAt)
        let index = unknownTags.partitioningIndex { $0.uid >= uid }
        let present = index < unknownTags.count && unknownTags[index].uid == uid
        switch (activity, present) {
        case (let activity?, true): unknownTags[index] = activity
        case (let activity?, false): unknownTags.insert(activity, at: index)
        case (nil, true): unknownTags.remove(at: index)
        case (nil, false): break
        }
    }

    /// The first instant after `instant` at which any status can change with no new read: curfew, a pass starting
    /// or ending (a pass covers its `until`, so it ends just after), the day's end.
    private func nextChange(after instant: Date) -> Date {
        let passEdges = passes.values.joined().flatMap {
            [$0.from, Date(timeIntervalSinceReferenceDate: $0.until.timeIntervalSinceReferenceDate.nextUp)]
        }
        return ([curfew, rules.policy.end(of: date)] + passEdges).filter { $0 > instant }.min() ?? .distantFuture
    }
}

extension Array {
    /// The index of the first element satisfying `belongsInSecondPartition`, for an array already partitioned
    /// by it (all that do not, then all that do); a binary search.
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
