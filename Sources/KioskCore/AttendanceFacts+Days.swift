public import Foundation

extension AttendanceFacts {
    /// The attendance of each of `days` (in order), each evaluated at min(`now`, its end) as its own report is, from
    /// facts read once for them all: from the start of the first day to the evaluation instant of the last.
    ///
    /// Walking the days, each one is given what its own report reads (every student's latest accepted tap before
    /// the day, the day's accepted taps, the unknown reads from one debounce window before it, the passes covering an
    /// instant of it), so `rules` decides every day exactly as that day's report does.
    public func attendances(of days: [AttendanceDate], now: Date, rules: AttendanceRules) -> [DailyAttendance] {
        let policy = rules.policy
        let window = Double(policy.debounceSeconds)
        let taps = self.taps.sorted { $0.precedes($1) }
        let unknownReads = self.unknownReads.sorted { $0.occurredAt < $1.occurredAt }
        var latestBeforeDay: [String: AcceptedTap] = [:]
        var firstOfDay = 0
        var firstUnknown = 0
        return days.map { day in
            let start = policy.start(of: day)
            let evaluatedAt = policy.evaluationInstant(of: day, now: now)
            while firstOfDay < taps.count, taps[firstOfDay].occurredAt < start {
                latestBeforeDay[taps[firstOfDay].studentID] = taps[firstOfDay]
                firstOfDay += 1
            }
            let dayTaps = taps[firstOfDay...].prefix { $0.occurredAt < evaluatedAt }
            while firstUnknown < unknownReads.count, unknownReads[firstUnknown].occurredAt < start.addingTimeInterval(-window) { firstUnknown += 1 }
            let dayUnknownReads = unknownReads[firstUnknown...].prefix { $0.occurredAt < evaluatedAt }
            return rules.attendance(
                on: day,
                evaluatedAt: evaluatedAt,
                students: students,
                taps: Array(latestBeforeDay.values) + dayTaps,
                unknownReads: Array(dayUnknownReads),
                refusedReads: refusedReads.filter { $0.occurredAt >= start.addingTimeInterval(-window) && $0.occurredAt < evaluatedAt },
                passes: passes.filter { $0.overlaps(from: start, to: evaluatedAt) }
            )
        }
    }
}
