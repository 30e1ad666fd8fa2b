public import Foundation

/// The `Retry-After` header of an HTTP answer: delay-seconds or an HTTP date (RFC 9110).
public enum RetryAfter {
    /// How long the header asks to wait from `now`; nil when it is absent or malformed. A date in the past
    /// asks for no wait.
    public static func parse(_ value: String?, now: Date) -> Duration? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCII), let seconds = Int64(text), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .milliseconds(max(0, Int64((date.timeIntervalSince(now) * 1000).rounded(.up))))
    }
}
