public import Foundation
import KioskCore

/// Instants on the wire: ISO 8601 in UTC with milliseconds (`2026-11-21T15:33:00.125Z`). Parsing accepts any
/// offset, with or without fractional seconds, and refuses impossible dates and times (`ISO8601Instant`).
public enum WireTime {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The instant to the nearest millisecond. Formatting truncates, and `n / 1000` may fall a hair below `n`
    /// milliseconds: the middle of the millisecond is formatted, so a value read back from a store keeps it.
    public static func format(_ instant: Date) -> String {
        let millis = (instant.timeIntervalSince1970 * 1000).rounded()
        if let text = formatGregorian(millis: millis) { return text }
        return Date(timeIntervalSince1970: (millis + 0.5) / 1000).formatted(style)
    }

    /// The instant `text` names, to the nearest millisecond (the wire's and the stores' precision, so a record
    /// read from the wire goes back on it unchanged), or nil when it is not a real instant in ISO 8601 with an offset.
    public static func parse(_ text: String) -> Date? {
        ISO8601Instant.parse(text).map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000) }
    }

    /// `format` by arithmetic for the years `GregorianDays` covers up to 9999; nil outside them.
    private static func formatGregorian(millis: Double) -> String? {
        guard let total = Int(exactly: millis) else { return nil }
        let (seconds, milli) = floorDivision(total, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let date = GregorianDays.date(days: days)
        guard (GregorianDays.firstYear...9999).contains(date.year) else { return nil }
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func digits(_ value: Int, _ count: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + count - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            digits(date.year, 4, at: 0)
            digits(date.month, 2, at: 5)
            digits(date.day, 2, at: 8)
            digits(secondOfDay / 3600, 2, at: 11)
            digits(secondOfDay / 60 % 60, 2, at: 14)
            digits(secondOfDay % 60, 2, at: 17)
            digits(milli, 3, at: 20)
            buffer[4] = UInt8(ascii: "-")
            buffer[7] = UInt8(ascii: "-")
            buffer[10] = UInt8(ascii: "T")
            buffer[13] = UInt8(ascii: ":")
            buffer[16] = UInt8(ascii: ":")
            buffer[19] = UInt8(ascii: ".")
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
