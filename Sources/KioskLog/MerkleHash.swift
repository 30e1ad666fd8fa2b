import Crypto
import Foundation

/// A SHA-256 hash in a Merkle tree: a leaf hash, an interior node hash or a root, held inline as 32 bytes.
public struct MerkleHash: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes in order, as four words in memory order.
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// The hash whose 32 bytes `raw` holds.
    init(raw: UnsafeRawBufferPointer) {
        precondition(raw.count == 32, "a SHA-256 hash has 32 bytes")
        words = (
            raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        )
    }

    /// The hash SHA-256 computed.
    init(_ digest: SHA256.Digest) {
        self = digest.withUnsafeBytes { MerkleHash(raw: $0) }
    }

    /// The hash with these 32 bytes, or nil when there are not exactly 32.
    public init?(bytes: [UInt8]) {
        guard let hash = bytes.withUnsafeBytes({ MerkleHash(bytes: $0) }) else { return nil }
        self = hash
    }

    /// The hash with the 32 bytes `raw` holds (a stored blob read in place), or nil when it holds not exactly 32.
    public init?(bytes raw: UnsafeRawBufferPointer) {
        guard raw.count == 32 else { return nil }
        self.init(raw: raw)
    }

    /// The hash whose canonical base64 text (RFC 4648 section 4, padded, 44 characters) is `base64`, or nil.
    public init?(base64: some StringProtocol) {
        guard let bytes = CanonicalBase64.decode(base64) else { return nil }
        self.init(bytes: bytes)
    }

    /// The 32 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The standard base64 text of the 32 bytes.
    public var base64: String { CanonicalBase64.encode(bytes) }

    /// The 64 lowercase hex digits.
    public var description: String { bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() }

    /// Calls `body` with the 32 bytes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: words, body)
    }

    public static func == (lhs: MerkleHash, rhs: MerkleHash) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
