public import Foundation

extension AttendanceFacts {
    /// The first instant after `now` at which day `date`'s attendance, evaluated then from these same facts, can
    /// differ from its evaluation at `now`: the day's curfew or end, or a pass starting or ending. A page showing the
    /// day needs computing again then, and otherwise only when a fact changes. nil once the day has ended.
    public func nextChangeByTime(of date: AttendanceDate, after now: Date, policy: AttendancePolicy) -> Date? {
        let end = policy.end(of: date)
        guard now < end else { return nil }
        // A pass covers its `until` itself: the student is no longer covered just after it.
        let passInstants = passes.flatMap { [$0.from, $0.until.addingTimeInterval(Self.justAfter)] }
        return ([policy.curfew(of: date), end] + passInstants).filter { $0 > now && $0 <= end }.min()
    }

    /// How long after an instant "just after it" is: a millisecond, the precision of every stored time.
    static let justAfter: TimeInterval = 0.001
}
