/// Stored tiles fetched ahead (`MerkleTilePosition.holding` of the positions an operation reads): every node of the
/// tree they cover, each stored one read from its tile and every other one computed from the tile below it.
public struct MerkleTilesRead: MerkleNodeReader {
    private let tiles: [MerkleTilePosition: MerkleTile]

    public init(_ tiles: [MerkleTile]) {
        self.tiles = Dictionary(tiles.map { ($0.position, $0) }, uniquingKeysWith: { first, second in first.count >= second.count ? first : second })
    }

    /// The tiles, by position.
    var byPosition: [MerkleTilePosition: MerkleTile] { tiles }

    public func hash(level: Int, index: Int64) throws -> MerkleHash {
        let node = MerklePosition(level: level, index: index)
        let height = level % MerkleTile.height
        let first = Int((index << height) % Int64(MerkleTile.width))
        guard level >= 0, index >= 0, let tile = tiles[MerkleTilePosition(holding: node)], first + (1 << height) <= tile.count else {
            throw MerkleError.missingNode(level: level, index: index)
        }
        var hashes = (first..<first + (1 << height)).map(tile.hash(at:))
        while hashes.count > 1 {
            hashes = stride(from: 0, to: hashes.count, by: 2).map { MerkleTree.nodeHash(hashes[$0], hashes[$0 + 1]) }
        }
        return hashes[0]
    }
}
