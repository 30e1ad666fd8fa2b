extension MerkleTree {
    /// The first leaf (0-based) at which the `stored` nodes of a tree no longer match the tree `recomputed` from its
    /// leaves, nil when every stored node the recomputed tree holds matches. A change shows in every stored node above
    /// it; a changed node neither of whose children changed is where a change was made (a leaf hash rewritten with
    /// its leaf leaves the node above it to tell), and the least first leaf under such a node is the answer.
    public static func firstChangedLeaf(stored: [MerkleNode], recomputed: some MerkleNodeReader) -> Int64? {
        var changed = Set<MerklePosition>()
        for node in stored where (try? recomputed.hash(level: node.level, index: node.index)) != node.hash {
            changed.insert(MerklePosition(level: node.level, index: node.index))
        }
        return changed.filter { node in
            node.level == 0
                || !changed.contains(MerklePosition(level: node.level - 1, index: node.index * 2))
                    && !changed.contains(MerklePosition(level: node.level - 1, index: node.index * 2 + 1))
        }.map { $0.index << $0.level }.min()
    }
}
