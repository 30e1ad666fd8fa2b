/// JSON text written straight into bytes, for the wire's hot paths (a batch of events, the hub's answer to it),
/// where `JSONEncoder` costs more than the rest of the push. The caller writes the structure; strings are escaped
/// as RFC 8259 requires, so any text goes out as valid JSON.
public struct JSONWriter: Sendable {
    /// The UTF-8 JSON text written so far.
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is: punctuation and keys known to need no escaping.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a JSON number.
    public mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `true` or `false`.
    public mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            raw("u00")
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
