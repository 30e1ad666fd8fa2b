/// A tree's stored nodes (those of its tiles, `MerkleTile.nodes`) compared, one at a time as they are read, with the tree
/// `recomputed` from its leaves: what `MerkleTree.firstChangedLeaf` finds, without holding the stored nodes. A change
/// shows in every stored node above it; a changed node with no changed node under it at the tile level below is where
/// a change was made (a leaf hash rewritten with its leaf leaves the node above it to tell), and the least first leaf
/// under such a node is the first changed leaf.
public struct MerkleComparison<Recomputed: MerkleNodeReader> {
    private let recomputed: Recomputed
    private var changed = Set<MerklePosition>()

    /// No stored node compared yet.
    public init(recomputed: Recomputed) {
        self.recomputed = recomputed
    }

    /// Compares the stored node at `level` and `index`, whose hash is `hash`; a node the recomputed tree does not
    /// hold counts as changed.
    public mutating func compare(level: Int, index: Int64, hash: MerkleHash) {
        if (try? recomputed.hash(level: level, index: index)) != hash {
            changed.insert(MerklePosition(level: level, index: index))
        }
    }

    /// The first leaf (0-based) at which the stored nodes compared no longer match, nil when every one matched.
    public var firstChangedLeaf: Int64? {
        let aboveAChange = Set(changed.map { MerklePosition(level: $0.level + MerkleTile.height, index: $0.index >> MerkleTile.height) })
        return changed.filter { $0.level == 0 || !aboveAChange.contains($0) }.map { $0.index << $0.level }.min()
    }
}
