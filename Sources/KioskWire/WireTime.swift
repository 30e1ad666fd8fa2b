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
        return Date(timeIntervalSince1970: (millis + 0.5) / 1000).formatted(style)
    }

    /// The instant `text` names, to the nearest millisecond (the wire's and the stores' precision, so a record
    /// read from the wire goes back on it unchanged), or nil when it is not a real instant in ISO 8601 with an offset.
    public static func parse(_ text: String) -> Date? {
        ISO8601Instant.parse(text).map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000) }
    }
}
