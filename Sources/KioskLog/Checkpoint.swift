/// A checkpoint's text (c2sp.org/tlog-checkpoint): origin, tree size and root hash, then any extension lines, each
/// ending in LF.
public struct Checkpoint: Sendable, Hashable {
    /// The log's identity: `kiosk/<kioskId>` for a kiosk's log.
    public let origin: String
    public let size: Int64
    /// MTH of the first `size` leaves.
    public let rootHash: MerkleHash
    /// Opaque non-empty lines after the root hash; a kiosk writes none.
    public let extensionLines: [String]

    /// The origin prefix of kiosks' logs.
    public static let kioskOriginPrefix = "kiosk/"

    /// A checkpoint; the origin and each extension line must be non-empty lines of text with no control character, the
    /// size non-negative.
    public init(origin: String, size: Int64, rootHash: MerkleHash, extensionLines: [String] = []) throws(NoteError) {
        guard NoteText.isLine(origin) else { throw .invalidCheckpointValue("origin \(origin.quoted) is not a non-empty line of text") }
        guard size >= 0 else { throw .invalidCheckpointValue("tree size \(size) is negative") }
        for line in extensionLines where !NoteText.isLine(line) {
            throw .invalidCheckpointValue("extension line \(line.quoted) is not a non-empty line of text")
        }
        self.origin = origin
        self.size = size
        self.rootHash = rootHash
        self.extensionLines = extensionLines
    }

    /// Reads a checkpoint's text: at least three LF-terminated lines, the origin non-empty, the size in
    /// decimal with no leading zero, the root the canonical base64 of 32 bytes, any extension lines non-empty.
    public init(text: String) throws(NoteError) {
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard text.utf8.last == 0x0A else { throw .invalidCheckpoint(line: lines.count, "the text does not end with LF") }
        guard lines.count >= 4 else { throw .invalidCheckpoint(line: lines.count, "fewer than three lines") }
        for (offset, line) in lines.enumerated().dropLast() where !NoteText.isLine(line) {
            throw .invalidCheckpoint(line: offset + 1, "an empty line or a control character")
        }
        guard let size = DecimalText.nonNegative(lines[1]) else {
            throw .invalidCheckpoint(line: 2, "tree size \(lines[1].quoted) is not a decimal in 0...\(Int64.max) with no leading zero")
        }
        guard let root = MerkleHash(base64: lines[2]) else {
            throw .invalidCheckpoint(line: 3, "root hash \(lines[2].quoted) is not the canonical base64 of 32 bytes")
        }
        try self.init(origin: lines[0], size: size, rootHash: root, extensionLines: Array(lines[3..<(lines.count - 1)]))
    }

    /// The text: origin, size, root hash in base64, extension lines, each with its LF.
    public var text: String {
        ([origin, String(size), rootHash.base64] + extensionLines).map { $0 + "\n" }.joined()
    }

    /// The kiosk id of a kiosk's log: the origin after `kiosk/`, or nil for another origin.
    public var kioskID: String? {
        guard origin.utf8.starts(with: Self.kioskOriginPrefix.utf8) else { return nil }
        let id = String(decoding: origin.utf8.dropFirst(Self.kioskOriginPrefix.utf8.count), as: UTF8.self)
        return NoteText.isKeyName(id) ? id : nil
    }
}
