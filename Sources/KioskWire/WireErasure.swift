import Crypto

/// A student the hub erased (CONTRACT.md "Erasure"), as the roster tells the gates: the pseudonym their events now
/// carry, and the SHA-256 digests of their student id and card UIDs, so a gate finds what it holds of them without
/// the hub keeping either.
public struct WireErasure: Codable, Sendable, Hashable {
    /// `erased-<8 lowercase hex>`.
    public var pseudonym: String
    /// When the hub erased them (`WireTime`).
    public var erasedAt: String
    /// `subject(studentID:)` of their id and `subject(uid:)` of each card, lowercase hex.
    public var subjects: [String]

    public init(pseudonym: String, erasedAt: String, subjects: [String]) {
        self.pseudonym = pseudonym
        self.erasedAt = erasedAt
        self.subjects = subjects
    }

    /// The digest naming student id `id`: SHA-256 of `student`, a newline and the id, lowercase hex.
    public static func subject(studentID id: String) -> String {
        digest("student\n" + id)
    }

    /// The digest naming the card with UID `hex` (uppercase hex, as tags are kept): SHA-256 of `card`, a newline and
    /// the UID, lowercase hex.
    public static func subject(uid hex: String) -> String {
        digest("card\n" + hex.uppercased())
    }

    private static func digest(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
