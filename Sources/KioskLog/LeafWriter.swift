/// Leaf bytes written line by line, `key=value` and LF, each value checked and written in its canonical form
/// (LOG-FORMAT.md section 2); an error names the JSON field the value came from.
struct LeafWriter {
    private(set) var bytes: [UInt8]

    /// Starts with the leaf's first line, its format name.
    init(format: String) {
        bytes = []
        bytes.reserveCapacity(400)
        append(format)
        bytes.append(0x0A)
    }

    /// Text (nil as empty) with no character below U+0020 and no U+007F.
    mutating func text(_ key: String, _ value: String?, field: String) throws(LeafError) {
        var value = value ?? ""
        guard value.withUTF8(Self.isText) else { throw .controlCharacter(field: field, value: value) }
        line(key, value)
    }

    /// Non-empty text.
    mutating func required(_ key: String, _ value: String, field: String) throws(LeafError) {
        guard !value.isEmpty else { throw .empty(field: field) }
        try text(key, value, field: field)
    }

    /// The name of a log's owner (a kiosk id, a property id): non-empty text with no Unicode space and no `+`.
    mutating func identity(_ key: String, _ value: String, field: String) throws(LeafError) {
        var value = value
        let forbidden = value.withUTF8 { utf8 in
            utf8.allSatisfy { $0 < 0x80 }
                ? utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "+") }
                : String(decoding: utf8, as: UTF8.self).unicodeScalars.contains { $0.properties.isWhitespace || $0 == "+" }
        }
        guard !value.isEmpty else { throw .empty(field: field) }
        guard value.withUTF8(Self.isText) else { throw .controlCharacter(field: field, value: value) }
        guard !forbidden else { throw .notIdentity(field: field, value: value) }
        line(key, value)
    }

    /// A UUID, `8-4-4-4-12` hex digits in any case, in lowercase.
    mutating func uuid(_ key: String, _ value: String, field: String) throws(LeafError) {
        var value = value
        let wellFormed = value.withUTF8 { utf8 in
            utf8.count == 36
                && utf8.indices.allSatisfy { index in
                    switch index {
                    case 8, 13, 18, 23: utf8[index] == UInt8(ascii: "-")
                    default: Self.isHexDigit(utf8[index])
                    }
                }
        }
        guard wellFormed else { throw .notUUID(field: field, value: value) }
        start(key)
        let first = bytes.count
        append(value)
        for index in first..<bytes.count where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "F") {
            bytes[index] += 0x20
        }
        bytes.append(0x0A)
    }

    /// Hex digits in any case (nil as empty), in uppercase.
    mutating func hexDigits(_ key: String, _ value: String?, field: String) throws(LeafError) {
        var value = value ?? ""
        guard value.withUTF8({ $0.allSatisfy(Self.isHexDigit) }) else { throw .notHex(field: field, value: value) }
        start(key)
        let first = bytes.count
        append(value)
        for index in first..<bytes.count where bytes[index] >= UInt8(ascii: "a") {
            bytes[index] -= 0x20
        }
        bytes.append(0x0A)
    }

    /// One of `allowed`, exactly, or nil or empty.
    mutating func oneOf(_ allowed: [String], _ key: String, _ value: String?, field: String) throws(LeafError) {
        let value = value ?? ""
        guard value.isEmpty || allowed.contains(where: { $0.hasSameBytes(as: value) }) else {
            throw .notAllowed(field: field, value: value, allowed: allowed)
        }
        line(key, value)
    }

    /// An instant as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    mutating func instant(_ key: String, _ value: LeafInstant, field: String) throws(LeafError) {
        start(key)
        let written =
            switch value {
            case .text(let text): LogInstant.append(text, to: &bytes)
            case .unixMilliseconds(let milliseconds): LogInstant.append(utcMilliseconds: milliseconds, to: &bytes)
            }
        guard written else { throw .notInstant(field: field, value: value.description) }
        bytes.append(0x0A)
    }

    /// A sequence number in 1...Int64.max, in decimal.
    mutating func seq(_ key: String, _ value: Int64) throws(LeafError) {
        guard value >= 1 else { throw .seqOutOfRange(value) }
        line(key, String(value))
    }

    /// `key=value` and LF.
    mutating func line(_ key: String, _ value: String) {
        start(key)
        append(value)
        bytes.append(0x0A)
    }

    private mutating func start(_ key: String) {
        append(key)
        bytes.append(UInt8(ascii: "="))
    }

    /// The UTF-8 of `text`, copied at once.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private static func isText(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        !utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
