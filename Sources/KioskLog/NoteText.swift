import Crypto

/// The character rules of signed notes, key names and key IDs (c2sp.org/signed-note, LOG-FORMAT.md section 4).
enum NoteText {
    /// Whether `scalar` may not appear in a note other than as its line ends: a control character (below U+0020,
    /// U+007F-U+009F, LF included) or a BOM.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FEFF}"
    }

    /// Whether `line` is non-empty text that may stand as one line of a note.
    static func isLine(_ line: some StringProtocol) -> Bool {
        !line.isEmpty && !line.unicodeScalars.contains(where: isForbidden)
    }

    /// Whether `name` can name a key: a line with no Unicode space and no `+`.
    static func isKeyName(_ name: some StringProtocol) -> Bool {
        isLine(name) && !name.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "+" }
    }

    /// SHA-256(name || 0x0A || type || public key)[0:4], big-endian.
    static func keyID(name: String, type: NoteKeyType, publicKey: [UInt8]) -> UInt32 {
        let digest = SHA256.hash(data: Array(name.utf8) + [0x0A, type.rawValue] + publicKey)
        return digest.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

extension StringProtocol {
    /// Whether the two texts are the same UTF-8 bytes (`==` on strings compares canonical equivalence instead).
    func hasSameBytes(as other: some StringProtocol) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}
