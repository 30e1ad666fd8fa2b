public import KioskLog

extension InMemoryMerkleTree {
    /// Every complete subtree hash, level by level: the rows of a tree stored a row per node, as trees were stored
    /// before they were kept as tiles (for the migrations' tests).
    public var allNodes: [MerkleNode] {
        var nodes: [MerkleNode] = []
        for level in 0..<64 {
            var index: Int64 = 0
            while let hash = try? hash(level: level, index: index) {
                nodes.append(MerkleNode(level: level, index: index, hash: hash))
                index += 1
            }
            if index == 0 { break }
        }
        return nodes
    }
}
