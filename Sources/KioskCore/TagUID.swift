/// The UID of an NFC tag: 4, 7 or 10 bytes, stored and printed as uppercase hex without separators.
public struct TagUID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The canonical form: uppercase hex digits, no separators.
    public let hex: String

    /// The lengths in bytes that ISO/IEC 14443-3 defines for a UID.
    public static let validByteCounts: Set<Int> = [4, 7, 10]

    /// Parses hex digits in any case, optionally separated by `:`, `-` or spaces.
    public init(parsing text: String) throws(KioskError) {
        if Self.isCanonical(text) {
            hex = text
            return
        }
        var digits = ""
        for character in text {
            if character == ":" || character == "-" || character == " " { continue }
            guard character.isHexDigit, character.isASCII else {
                throw Self.invalid(text, "'\(character)' is not a hex digit")
            }
            digits.append(Character(character.uppercased()))
        }
        guard digits.count.isMultiple(of: 2), Self.validByteCounts.contains(digits.count / 2) else {
            throw Self.invalid(text, "a UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits), this has \(digits.count) digits")
        }
        hex = digits
    }

    /// Whether `text` is already a UID's canonical form, as every UID on the wire and in the stores is.
    private static func isCanonical(_ text: String) -> Bool {
        let utf8 = text.utf8
        return validByteCounts.contains(utf8.count / 2) && utf8.count.isMultiple(of: 2)
            && utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }

    /// Makes a UID from the bytes a reader returned.
    public init(bytes: [UInt8]) throws(KioskError) {
        guard Self.validByteCounts.contains(bytes.count) else {
            throw KioskError(.dataError, "invalid UID of \(bytes.count) bytes: a UID is 4, 7 or 10 bytes")
        }
        hex = bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public var description: String { hex }

    public static func < (lhs: TagUID, rhs: TagUID) -> Bool { lhs.hex < rhs.hex }

    private static func invalid(_ text: String, _ why: String) -> KioskError {
        KioskError(.dataError, "invalid UID '\(text)': \(why)")
    }
}
