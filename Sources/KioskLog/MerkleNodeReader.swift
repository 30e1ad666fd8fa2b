/// Where a tree's complete subtree hashes are stored: the node at `level` and `index` is the hash of leaves
/// `index·2^level ..< (index+1)·2^level`, level 0 being the leaf hashes. An application keeps them in a table with the
/// nodes `MerkleTree.nodesToStore` returns.
public protocol MerkleNodeReader {
    /// The hash of the complete subtree at `level` and `index`.
    func hash(level: Int, index: Int64) throws -> MerkleHash
}

/// A complete subtree hash to store.
public struct MerkleNode: Sendable, Hashable {
    /// The subtree's height: 0 for a leaf hash.
    public var level: Int
    /// The subtree's place among those of its level: its first leaf is `index·2^level`.
    public var index: Int64
    public var hash: MerkleHash

    public init(level: Int, index: Int64, hash: MerkleHash) {
        self.level = level
        self.index = index
        self.hash = hash
    }
}
