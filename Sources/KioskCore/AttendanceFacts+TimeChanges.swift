public import Foundation

extension AttendanceFacts {
    /// The first instant after `now` at which day `date`'s attendance, evaluated then from these same facts, can
    /// differ from its evaluation at `now`: the day's curfew or end, or a pass starting or ending. A page showing the
    /// day needs computing again then, and otherwise only when a fact changes. nil once the day has ended.
    public func nextChangeByTime(of date: AttendanceDate, after now: Date, policy: AttendancePolicy) -> Date? {
        let end = policy.end(of: date)
        guard now < end else { return nil }
        // A pass covers its `until` itself: the student is no longer covered from the very next instant a `Date` holds
        // (an evaluation instant is finer than the millisecond stored times have).
        let passInstants = passes.flatMap { [$0.from, Date(timeIntervalSinceReferenceDate: $0.until.timeIntervalSinceReferenceDate.nextUp)] }
        return ([policy.curfew(of: date), end] + passInstants).filter { $0 > now && $0 <= end }.min()
    }
}
