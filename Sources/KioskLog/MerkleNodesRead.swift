/// A node's place in a Merkle tree: its level (0 for a leaf) and its index among that level's nodes.
public struct MerklePosition: Sendable, Hashable {
    public let level: Int
    public let index: Int64

    public init(level: Int, index: Int64) {
        self.level = level
        self.index = index
    }
}

/// The nodes an operation on a tree kept in a database reads, learnt ahead: the operation is run on placeholder
/// hashes (`positions(readBy:)`; the tree's computations never branch on a hash), then the tiles holding those
/// positions are fetched at once (`MerkleTilePosition.holding`) and the operation runs on them (`MerkleTilesRead`).
public enum MerkleNodesRead {
    /// The positions `operation` reads, in the order it reads them first.
    public static func positions(readBy operation: (Recorder) throws -> Void) rethrows -> [MerklePosition] {
        let recorder = Recorder()
        try operation(recorder)
        return recorder.positions
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
