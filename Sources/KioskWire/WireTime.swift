public import Foundation

/// Instants on the wire: ISO 8601 in UTC with milliseconds (`2026-11-21T15:33:00.125Z`). Parsing accepts any
/// offset, with or without fractional seconds.
public enum WireTime {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public static func format(_ instant: Date) -> String {
        instant.formatted(style)
    }

    /// The instant `text` names, or nil when it is not ISO 8601 with an offset.
    public static func parse(_ text: String) -> Date? {
        if let instant = try? style.parse(text) { return instant }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
