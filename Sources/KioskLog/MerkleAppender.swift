/// Appends leaves to a stored tree in one go: the left siblings an append needs are the nodes appended just before or
/// the tree's right edge as it was stored, so a run of appends reads only the few nodes of that edge (`edge(ofSize:)`)
/// however many leaves it adds.
public struct MerkleAppender<Stored: MerkleNodeReader>: MerkleNodeReader {
    public let stored: Stored
    /// The tree's size after the appends so far.
    public private(set) var size: Int64
    /// The newest node appended at each level.
    private var newest: [MerkleNode] = []

    /// Appends to `stored`, a tree of `size` leaves.
    public init(stored: Stored, size: Int64) {
        self.stored = stored
        self.size = size
    }

    /// The complete subtrees on the right edge of a tree of `size` leaves, largest first: all an append reads.
    public static func edge(ofSize size: Int64) -> [MerklePosition] {
        (0..<64).reversed().compactMap { level in size >> level & 1 == 1 ? MerklePosition(level: level, index: (size >> level) - 1) : nil }
    }

    /// Appends the leaf `leafHash` and returns the nodes to store: the leaf and the subtrees it completes.
    public mutating func append(_ leafHash: MerkleHash) throws -> [MerkleNode] {
        let nodes = try MerkleTree.nodesToStore(appending: leafHash, toSize: size, from: self)
        for node in nodes {
            if node.level < newest.count {
                newest[node.level] = node
            } else {
                newest.append(node)
            }
        }
        size += 1
        return nodes
    }

    public func hash(level: Int, index: Int64) throws -> MerkleHash {
        if level < newest.count, newest[level].index == index { return newest[level].hash }
        return try stored.hash(level: level, index: index)
    }
}
