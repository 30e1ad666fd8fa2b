public import Foundation

/// A time of day at which a test runs, on today's date in the test kiosks' zone (Asia/Kolkata, day starts 04:00,
/// curfew 22:30): the instants where attendance changes meaning. Clock-sensitive tests run at each of `chosen`.
public struct TestInstant: Sendable, CustomStringConvertible {
    /// The zone of every test kiosk's `[attendance]`.
    public static let zone = TimeZone(identifier: "Asia/Kolkata")!

    /// The instant's name in `KIOSK_TEST_INSTANT`.
    public let name: String
    public let description: String
    /// The wall time, today in `zone`.
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Today's date in `zone` at this time of day.
    public var instant: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        var today = calendar.dateComponents([.year, .month, .day], from: Date())
        today.hour = hour
        today.minute = minute
        today.second = second
        return calendar.date(from: today)!
    }

    /// Whether the instant is at or after the fixture's curfew of the attendance day it falls in (22:30 to 04:00).
    public var isAfterCurfew: Bool { hour * 60 + minute >= 22 * 60 + 30 || hour < 4 }

    /// A clock that starts at this instant.
    public func clock() -> SimulatedClock { SimulatedClock(startingAt: instant) }

    public static let middayToday = TestInstant(name: "midday", description: "12:00, before curfew", hour: 12, minute: 0, second: 0)
    public static let afterCurfew = TestInstant(name: "after-curfew", description: "23:15, after curfew", hour: 23, minute: 15, second: 0)
    /// A minute before the day starts: the previous attendance day, after its curfew; a test crossing into the new
    /// day needs more than a minute.
    public static let beforeDayStart = TestInstant(
        name: "before-day-start",
        description: "03:59, just before the day starts",
        hour: 3,
        minute: 59,
        second: 0
    )
    public static let afterDayStart = TestInstant(
        name: "after-day-start",
        description: "04:00:05, just after the day starts",
        hour: 4,
        minute: 0,
        second: 5
    )

    /// The instants every clock-sensitive test runs at.
    public static let chosen: [TestInstant] = [middayToday, afterCurfew, beforeDayStart, afterDayStart]
}
