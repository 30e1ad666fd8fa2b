public import Foundation

/// The one reader of ISO 8601 instants from outside (command-line arguments, the wire): `YYYY-MM-DDTHH:MM:SS`, an
/// optional fraction, and `Z` or an offset `±HH:MM`. Every field must name a real calendar instant: a 30 February,
/// hour 25 or second 60 is refused, never shifted into the next day or month as a lenient parser does.
public enum ISO8601Instant {
    /// The instant `text` names, or nil when it is not one.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static func parse(utf8 scalars: UnsafeBufferPointer<UInt8>) -> Date? {
        guard scalars.count >= 20, scalars.count <= 40 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < scalars.count, (48...57).contains(scalars[index]) else { return nil }
                value = value * 10 + Int(scalars[index] - 48)
            }
            return value
        }
        func character(_ index: Int, _ expected: Unicode.Scalar) -> Bool {
            index < scalars.count && scalars[index] == UInt8(ascii: expected)
        }
        guard let year = number(0..<4), character(4, "-"), let month = number(5..<7), character(7, "-"), let day = number(8..<10),
            character(10, "T") || character(10, "t"), let hour = number(11..<13), character(13, ":"), let minute = number(14..<16),
            character(16, ":"), let second = number(17..<19)
        else { return nil }
        var index = 19
        var nanoseconds = 0
        if character(index, ".") || character(index, ",") {
            index += 1
            var digits = 0
            while index < scalars.count, (48...57).contains(scalars[index]) {
                if digits < 9 { nanoseconds = nanoseconds * 10 + Int(scalars[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in min(digits, 9)..<9 { nanoseconds *= 10 }
        }
        var offsetSeconds = 0
        if character(index, "Z") || character(index, "z") {
            index += 1
        } else if character(index, "+") || character(index, "-") {
            let sign = character(index, "-") ? -1 : 1
            guard let offsetHours = number(index + 1..<index + 3), character(index + 3, ":"), let offsetMinutes = number(index + 4..<index + 6),
                offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            index += 6
        } else {
            return nil
        }
        guard index == scalars.count, (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let fraction = Double(nanoseconds) / 1_000_000_000 - Double(offsetSeconds)
        guard year >= GregorianDays.firstYear else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            return calendar.date(from: components)?.addingTimeInterval(fraction)
        }
        let seconds = GregorianDays.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds)).addingTimeInterval(fraction)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
