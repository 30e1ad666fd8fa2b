/// A leaf of a log whose content is gone (removed by retention, or erased) while its place is kept: its seq and the
/// leaf hash stored when it was whole (LOG-FORMAT.md section 8).
public struct RemovedLeaf: Sendable, Hashable {
    /// The 1-based place of the leaf in its log.
    public let seq: Int64
    public let leafHash: MerkleHash

    public init(seq: Int64, leafHash: MerkleHash) {
        self.seq = seq
        self.leafHash = leafHash
    }
}
