import Foundation

/// A calendar date naming an attendance day, `YYYY-MM-DD`.
public struct AttendanceDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Parses exactly `YYYY-MM-DD` and rejects dates that do not exist (`2026-02-30`).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// A date, or nil when it does not exist in the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard let date = Self.utc.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let back = Self.utc.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    init(components: DateComponents) {
        year = components.year ?? 1970
        month = components.month ?? 1
        day = components.day ?? 1
    }

    /// The day after this one.
    public var next: AttendanceDate { adding(days: 1) }
    /// The day before this one.
    public var previous: AttendanceDate { adding(days: -1) }

    /// This date moved by a number of days.
    public func adding(days: Int) -> AttendanceDate {
        let noon = Self.utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        let moved = Self.utc.date(byAdding: .day, value: days, to: noon)!
        return AttendanceDate(components: Self.utc.dateComponents([.year, .month, .day], from: moved))
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: AttendanceDate, rhs: AttendanceDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
