public import Foundation

/// ISO 8601 instants as the kiosk reads and prints them.
public enum Timestamp {
    /// Parses an ISO 8601 instant that carries an offset or `Z` (`2026-11-21T21:03:00+05:30`);
    /// a time without an offset is refused, since it would be ambiguous, and so is one that names no real
    /// instant (30 February, hour 25).
    public static func parse(_ text: String) throws(KioskError) -> Date {
        guard let date = ISO8601Instant.parse(text) else {
            throw KioskError(
                .usage,
                "invalid time '\(text)': expected a real date and time in ISO 8601 with an offset or Z, e.g. 2026-11-21T21:03:00+05:30"
            )
        }
        return date
    }

    /// Formats an instant with the offset of `timeZone` (`2026-11-22T04:00:00+05:30`).
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone))
    }
}
