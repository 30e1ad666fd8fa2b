extension MerkleTree {
    /// The first leaf (0-based) at which the `stored` nodes of a tree no longer match the tree `recomputed` from its
    /// leaves, nil when every stored node the recomputed tree holds matches (`MerkleComparison`).
    public static func firstChangedLeaf(stored: [MerkleNode], recomputed: some MerkleNodeReader) -> Int64? {
        var comparison = MerkleComparison(recomputed: recomputed)
        for node in stored {
            comparison.compare(level: node.level, index: node.index, hash: node.hash)
        }
        return comparison.firstChangedLeaf
    }
}
