/// A consistency proof file between two checkpoints of one log (LOG-FORMAT.md section 6): the hashes of
/// PROOF(M, D[N]), one base64 hash per LF-terminated line; empty when M = N or M = 0.
public struct ConsistencyProofFile: Sendable, Hashable {
    public let hashes: [MerkleHash]

    /// The most hash lines a file is read with: a proof between trees of at most 2^63 - 1 leaves has fewer.
    static let maximumProofLength = 126

    public init(hashes: [MerkleHash]) {
        self.hashes = hashes
    }

    /// Reads a proof file: up to 126 lines, each the canonical base64 of a 32-byte hash and an LF; nothing for no
    /// hash.
    public init(parsing text: String) throws(ProofError) {
        var reader = LineReader(text)
        var hashes: [MerkleHash] = []
        while !reader.atEnd {
            guard let line = reader.next() else { throw .malformed(line: reader.lineNumber + 1, "the last line does not end with LF") }
            guard hashes.count < Self.maximumProofLength else {
                throw .malformed(line: reader.lineNumber, "more than \(Self.maximumProofLength) hashes")
            }
            guard let hash = MerkleHash(base64: String(decoding: line, as: UTF8.self)) else {
                throw .malformed(line: reader.lineNumber, "not the canonical base64 of a 32-byte hash")
            }
            hashes.append(hash)
        }
        self.hashes = hashes
    }

    /// The file's text.
    public var text: String {
        hashes.map { $0.base64 + "\n" }.joined()
    }

    /// Checks that the log of checkpoint `new` extends that of checkpoint `old`, both already verified: same origin,
    /// `old.size` <= `new.size`; at equal sizes no hash and equal roots (different roots are a fork); at size 0 no
    /// hash and the empty tree's root; otherwise RFC 9162 section 2.1.4.2 reproduces both roots.
    public func verify(from old: Checkpoint, to new: Checkpoint) throws(ProofError) {
        guard old.origin.hasSameBytes(as: new.origin) else { throw .originsDiffer(old: old.origin, new: new.origin) }
        guard old.size <= new.size else { throw .sizesOutOfOrder(old: old.size, new: new.size) }
        if old.size == new.size, hashes.isEmpty, old.rootHash != new.rootHash { throw .fork(size: old.size) }
        guard MerkleTree.verifyConsistency(oldSize: old.size, newSize: new.size, oldRoot: old.rootHash, newRoot: new.rootHash, proof: hashes) else {
            throw .consistencyFails(old: old.size, new: new.size)
        }
    }
}
