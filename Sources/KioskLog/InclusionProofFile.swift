/// A `c2sp.org/tlog-proof@v1` file proving that one event is in its kiosk's log (LOG-FORMAT.md section 5): the event's
/// leaf bytes as `extra` (required), its index, the audit path, and the signed checkpoint verbatim.
public struct InclusionProofFile: Sendable, Hashable {
    /// The proven leaf's `kiosk-event/v1` bytes.
    public let leaf: [UInt8]
    /// The leaf's index, its seq - 1.
    public let index: Int64
    /// PATH(index, D[N]): the leaf's sibling first, a child of the root last.
    public let path: [MerkleHash]
    public let checkpoint: SignedCheckpoint

    /// The first line.
    public static let header = "c2sp.org/tlog-proof@v1"

    /// The most hash lines a file is read with: an audit path in a tree of at most 2^63 - 1 leaves has at most 63.
    static let maximumPathLength = 63

    public init(leaf: [UInt8], index: Int64, path: [MerkleHash], checkpoint: SignedCheckpoint) {
        self.leaf = leaf
        self.index = index
        self.path = path
        self.checkpoint = checkpoint
    }

    /// Reads a proof file: the header, `extra` with the canonical base64 of non-empty bytes, `index` in decimal with
    /// no leading zero, up to 63 hash lines, an empty line, then a signed checkpoint. Nothing is verified here.
    public init(parsing text: String) throws(ProofError) {
        var reader = LineReader(text)
        guard reader.next()?.elementsEqual(Self.header.utf8) == true else { throw .malformed(line: 1, "not \(Self.header)") }
        guard let extra = reader.next()?.text(after: "extra "), let leaf = CanonicalBase64.decode(extra), !leaf.isEmpty else {
            throw .malformed(line: 2, "not \"extra \" and the canonical base64 of the leaf bytes")
        }
        guard let indexText = reader.next()?.text(after: "index "), let index = DecimalText.nonNegative(indexText) else {
            throw .malformed(line: 3, "not \"index \" and a decimal with no leading zero")
        }
        var path: [MerkleHash] = []
        while true {
            guard let line = reader.next() else { throw .malformed(line: reader.lineNumber + 1, "no empty line before the checkpoint") }
            if line.isEmpty { break }
            guard path.count < Self.maximumPathLength else { throw .malformed(line: reader.lineNumber, "more than \(Self.maximumPathLength) hashes") }
            guard let hash = MerkleHash(base64: String(decoding: line, as: UTF8.self)) else {
                throw .malformed(line: reader.lineNumber, "not the canonical base64 of a 32-byte hash")
            }
            path.append(hash)
        }
        do throws(NoteError) {
            checkpoint = try SignedCheckpoint(parsing: reader.rest)
        } catch {
            throw .checkpoint(error)
        }
        self.leaf = leaf
        self.index = index
        self.path = path
    }

    /// The file's text.
    public var text: String {
        ([Self.header, "extra \(CanonicalBase64.encode(leaf))", "index \(index)"] + path.map(\.base64) + [""]).map { $0 + "\n" }.joined()
            + checkpoint.text
    }

    /// Checks the proof and returns the proven event: the checkpoint verifies (see
    /// `SignedCheckpoint.verify(kioskKey:witnessKeys:)`); `index` is below its size; `leaf` is a well-formed
    /// `kiosk-event/v1` leaf of the origin's kiosk with seq `index` + 1; when `event` is given, its leaf bytes are
    /// `leaf`; and the path leads from the leaf's hash at `index` to the checkpoint's root (RFC 9162 section 2.1.3.2).
    @discardableResult
    public func verify(kioskKey: NoteVerifier, witnessKeys: [NoteVerifier], event: EventLeaf? = nil) throws(ProofError) -> EventLeaf {
        let tree = checkpoint.checkpoint
        guard let kioskID = tree.kioskID else { throw .notKioskLog(origin: tree.origin) }
        do throws(NoteError) {
            try checkpoint.verify(kioskKey: kioskKey, witnessKeys: witnessKeys)
        } catch {
            throw .checkpoint(error)
        }
        guard index < tree.size else { throw .indexBeyondSize(index: index, size: tree.size) }
        let proven: EventLeaf
        let eventBytes: [UInt8]?
        do throws(LeafError) {
            proven = try EventLeaf(bytes: leaf)
            eventBytes = try event?.bytes
        } catch {
            throw .leaf(error)
        }
        guard eventBytes == nil || eventBytes == leaf else { throw .eventNotLeaf }
        guard proven.kioskID.hasSameBytes(as: kioskID) else { throw .leafOfOtherKiosk(leafKiosk: proven.kioskID, originKiosk: kioskID) }
        guard proven.seq == index + 1 else { throw .seqNotIndexPlusOne(seq: proven.seq, index: index) }
        guard MerkleTree.verifyInclusion(leafHash: MerkleTree.leafHash(leaf), index: index, size: tree.size, path: path, root: tree.rootHash) else {
            throw .inclusionFails(index: index, size: tree.size)
        }
        return proven
    }
}
