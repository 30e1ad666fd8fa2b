/// A node's place in a Merkle tree: its level (0 for a leaf) and its index among that level's nodes.
public struct MerklePosition: Sendable, Hashable {
    public let level: Int
    public let index: Int64

    public init(level: Int, index: Int64) {
        self.level = level
        self.index = index
    }
}

/// Stored nodes fetched ahead, for a tree kept in a database that answers asynchronously: first the positions an
/// operation reads are learnt by running it on placeholder hashes (`positions(readBy:)`; the tree's computations never
/// branch on a hash), then the nodes at those positions are fetched at once and the operation runs on them.
public struct MerkleNodesRead: MerkleNodeReader {
    private let nodes: [MerklePosition: MerkleHash]

    public init(_ nodes: [MerkleNode]) {
        self.nodes = Dictionary(nodes.map { (MerklePosition(level: $0.level, index: $0.index), $0.hash) }, uniquingKeysWith: { first, _ in first })
    }

    /// The positions `operation` reads, in the order it reads them first.
    public static func positions(readBy operation: (Recorder) throws -> Void) rethrows -> [MerklePosition] {
        let recorder = Recorder()
        try operation(recorder)
        return recorder.positions
    }

    public func hash(level: Int, index: Int64) throws -> MerkleHash {
        guard let hash = nodes[MerklePosition(level: level, index: index)] else { throw MerkleError.missingNode(level: level, index: index) }
        return hash
    }

    /// A reader that answers every position with the same placeholder and notes what was asked.
    public final class Recorder: MerkleNodeReader {
        private(set) var positions: [MerklePosition] = []
        private var seen: Set<MerklePosition> = []

        public func hash(level: Int, index: Int64) throws -> MerkleHash {
            let position = MerklePosition(level: level, index: index)
            if seen.insert(position).inserted { positions.append(position) }
            return MerkleTree.emptyRoot
        }
    }
}
