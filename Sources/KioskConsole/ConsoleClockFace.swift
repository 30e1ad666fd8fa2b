import Foundation
import KioskCore

/// Instants as a property's warden reads them: in the property's time zone. Written from the calendar's fields, not
/// through a `DateFormatter` (building one costs more than the page it formats: P12 sends every open page a clock).
struct ConsoleClockFace: Sendable {
    let timeZone: TimeZone
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `21:03`.
    func time(_ instant: Date?) -> String {
        guard let parts = parts(of: instant) else { return "" }
        return Self.digits(parts.hour, 2) + ":" + Self.digits(parts.minute, 2)
    }

    /// `2026-11-21 21:03`.
    func dateTime(_ instant: Date?) -> String {
        guard let parts = parts(of: instant) else { return "" }
        return date(parts) + " " + Self.digits(parts.hour, 2) + ":" + Self.digits(parts.minute, 2)
    }

    /// `2026-11-21T21:03`, what an `<input type="datetime-local">` holds.
    func inputValue(_ instant: Date) -> String {
        guard let parts = parts(of: instant) else { return "" }
        return date(parts) + "T" + Self.digits(parts.hour, 2) + ":" + Self.digits(parts.minute, 2)
    }

    /// The instant an `<input type="datetime-local">` value names in this zone, or nil (rare enough for a formatter).
    func instant(fromInput text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.dateFormat = text.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: text)
    }

    private func parts(of instant: Date?) -> DateComponents? {
        instant.map { calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0) }
    }

    private func date(_ parts: DateComponents) -> String {
        Self.digits(parts.year, 4) + "-" + Self.digits(parts.month, 2) + "-" + Self.digits(parts.day, 2)
    }

    /// `value` in decimal, padded with zeros to `width`.
    private static func digits(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
