/// How long the fields of a record may be, enforced wherever the data enters (kiosk.conf, the roster CSV, the
/// command line, the hub's API), so that a record the kiosk accepts is never refused by the hub later.
public enum RecordLimits {
    /// A kiosk id, reader name, student id or boot id: 1 to this many characters.
    public static let identifier = 64
    /// A manual entry's reason: at most this many characters.
    public static let reason = 500

    /// The first control character in `text` (a NUL would end it early in C code; an escape sequence would
    /// rewrite a terminal), written `U+XXXX`, or nil. No field of a record may hold one.
    public static func controlCharacter(in text: String) -> String? {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return nil }
        guard let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return nil }
        let code = String(control.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
    }
}
