import Foundation
import KioskCore

/// Instants as a property's warden reads them: in the property's time zone.
struct ConsoleClockFace: Sendable {
    let timeZone: TimeZone

    /// `21:03`.
    func time(_ instant: Date?) -> String { format(instant, "HH:mm") }

    /// `2026-11-21 21:03`.
    func dateTime(_ instant: Date?) -> String { format(instant, "yyyy-MM-dd HH:mm") }

    /// `2026-11-21T21:03`, what an `<input type="datetime-local">` holds.
    func inputValue(_ instant: Date) -> String { format(instant, "yyyy-MM-dd'T'HH:mm") }

    /// The instant an `<input type="datetime-local">` value names in this zone, or nil.
    func instant(fromInput text: String) -> Date? {
        let formatter = formatter(text.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm")
        return formatter.date(from: text)
    }

    private func format(_ instant: Date?, _ pattern: String) -> String {
        guard let instant else { return "" }
        return formatter(pattern).string(from: instant)
    }

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }
}
