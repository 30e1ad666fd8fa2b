public import Foundation

extension AttendancePolicy {
    /// The first instant of attendance day `date`: `date` at `dayStartsAt` in `timeZone`.
    public func start(of date: AttendanceDate) -> Date {
        instant(on: date, at: dayStartsAt)
    }

    /// The end of attendance day `date` (exclusive): the start of the next day.
    public func end(of date: AttendanceDate) -> Date {
        start(of: date.next)
    }

    /// The curfew instant C(D): D at `curfew` when curfew is not before `dayStartsAt`, else D+1 at `curfew`.
    /// A curfew wall time that a daylight-saving change skips, and that would so fall after the day, is the
    /// day's end.
    public func curfew(of date: AttendanceDate) -> Date {
        min(instant(on: curfew >= dayStartsAt ? date : date.next, at: curfew), end(of: date))
    }

    /// The attendance day whose half-open interval contains `instant`.
    public func attendanceDay(containing instant: Date) -> AttendanceDate {
        let local = calendar.dateComponents([.year, .month, .day], from: instant)
        var date = AttendanceDate(components: local)
        while instant < start(of: date) { date = date.previous }
        while instant >= end(of: date) { date = date.next }
        return date
    }

    /// The evaluation instant E of day `date`: min(now, end of the day).
    public func evaluationInstant(of date: AttendanceDate, now: Date) -> Date {
        min(now, end(of: date))
    }

    /// `HH:MM` of an instant in the configured zone, as the kiosk shows it ("already IN since 21:03").
    public func timeOfDay(of instant: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0)?.description ?? "--:--"
    }

    /// The abbreviated weekday and `HH:MM` of an instant in the configured zone (`Sun 18:00`), for instants up to a
    /// few days away.
    public func weekdayAndTime(of instant: Date) -> String {
        let weekday = instant.formatted(
            Date.VerbatimFormatStyle(format: "\(weekday: .abbreviated)", locale: Locale(identifier: "en_GB"), timeZone: timeZone, calendar: calendar)
        )
        return "\(weekday) \(timeOfDay(of: instant))"
    }

    /// A Gregorian calendar in the configured zone.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func instant(on date: AttendanceDate, at time: TimeOfDay) -> Date {
        let parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }
}
