/// A whole tree's complete subtree hashes in memory, for tests and for checking an exported log against a checkpoint.
public struct InMemoryMerkleTree: MerkleNodeReader, Sendable {
    /// `levels[l][i]` is the complete subtree at level `l`, index `i`.
    private var levels: [[MerkleHash]]

    /// The empty tree.
    public init() {
        levels = [[]]
    }

    /// The tree of these leaf hashes, in linear time.
    public init(leafHashes: [MerkleHash]) {
        levels = [leafHashes]
        while let below = levels.last, below.count >= 2 {
            levels.append(stride(from: 0, to: below.count - 1, by: 2).map { MerkleTree.nodeHash(below[$0], below[$0 + 1]) })
        }
    }

    /// The number of leaves.
    public var size: Int64 { Int64(levels[0].count) }

    /// Appends a leaf and the subtrees it completes.
    public mutating func append(_ leafHash: MerkleHash) {
        var (hash, level) = (leafHash, 0)
        while true {
            if level == levels.count { levels.append([]) }
            levels[level].append(hash)
            let count = levels[level].count
            guard count % 2 == 0 else { return }
            hash = MerkleTree.nodeHash(levels[level][count - 2], hash)
            level += 1
        }
    }

    /// Its tiles, as a tree kept as tiles stores them: the full ones and the partial last one of each tile level.
    public var tiles: [MerkleTile] {
        stride(from: 0, to: levels.count, by: MerkleTile.height).flatMap { level in
            stride(from: 0, to: levels[level].count, by: MerkleTile.width).compactMap { first in
                let hashes = levels[level][first..<min(first + MerkleTile.width, levels[level].count)]
                let position = MerkleTilePosition(level: level / MerkleTile.height, index: Int64(first / MerkleTile.width))
                return MerkleTile(position: position, bytes: hashes.flatMap(\.bytes))
            }
        }
    }

    public func hash(level: Int, index: Int64) throws -> MerkleHash {
        guard level >= 0, level < levels.count, index >= 0, index < levels[level].count else {
            throw MerkleError.missingNode(level: level, index: index)
        }
        return levels[level][Int(index)]
    }
}
