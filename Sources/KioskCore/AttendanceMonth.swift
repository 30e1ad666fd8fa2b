/// A calendar month naming a monthly sheet, `YYYY-MM`.
public struct AttendanceMonth: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// Parses exactly `YYYY-MM` (months 01-12).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), year >= 1
        else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `date` is in.
    public init(containing date: AttendanceDate) {
        year = date.year
        month = date.month
    }

    /// Its days, the first to the last.
    public var days: [AttendanceDate] {
        guard let first = AttendanceDate(year: year, month: month, day: 1) else { return [] }
        return (0..<31).map { first.adding(days: $0) }.filter { $0.month == month }
    }

    /// The month `count` months after this one (before it when negative).
    public func adding(months count: Int) -> AttendanceMonth {
        let index = year * 12 + (month - 1) + count
        return AttendanceMonth(year: max(1, index / 12), month: index % 12 + 1)
    }

    private init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public var description: String {
        String(year).leftPadded(to: 4) + "-" + String(month).leftPadded(to: 2)
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
