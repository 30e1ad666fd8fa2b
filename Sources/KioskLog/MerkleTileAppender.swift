/// Appends leaves to a tree kept as tiles (`MerkleTile`): the appends read the tree's right edge from its edge tiles
/// (`edgeTiles(ofSize:)`), fetched at once, and give the tiles to store: the partial ones they continue and the new
/// ones they start, each written whole.
public struct MerkleTileAppender {
    private var tree: MerkleAppender<MerkleTilesRead>
    private var tiles: [MerkleTilePosition: MerkleTile]
    /// The tiles the appends changed, in the order first changed.
    private var changed: [MerkleTilePosition] = []

    /// Appends to a tree of `size` leaves whose edge tiles are `edge` (more tiles do no harm). A tile another writer
    /// made longer since `size` was read is taken as it was at `size`: the appends go on from there.
    public init(size: Int64, edge: [MerkleTile]) {
        let read = MerkleTilesRead(edge.compactMap { $0.prefix(ofTreeSize: size) })
        tree = MerkleAppender(stored: read, size: size)
        tiles = read.byPosition
    }

    /// The tiles an append to a tree of `size` leaves reads: those of its right edge, at most one per tile level.
    public static func edgeTiles(ofSize size: Int64) -> [MerkleTilePosition] {
        MerkleTilePosition.holding(MerkleAppender<MerkleTilesRead>.edge(ofSize: size))
    }

    /// The tree's size after the appends so far.
    public var size: Int64 { tree.size }

    /// Appends the leaf `leafHash`; throws `MerkleError` when the edge tiles lack a node it reads.
    public mutating func append(_ leafHash: MerkleHash) throws {
        for node in try tree.append(leafHash) where node.level % MerkleTile.height == 0 {
            let position = MerkleTilePosition(holding: MerklePosition(level: node.level, index: node.index))
            let offset = Int(node.index % Int64(MerkleTile.width))
            var tile = tiles[position] ?? MerkleTile(emptyAt: position)
            guard tile.count == offset else { throw MerkleError.missingNode(level: node.level, index: node.index - 1) }
            tile.append(node.hash)
            tiles[position] = tile
            if !changed.contains(position) { changed.append(position) }
        }
    }

    /// The tiles to store, each whole: a tile another writer already stored shorter is replaced, one stored as long
    /// or longer is left (the same leaves give the same hashes).
    /// They come in the order of their positions, so writers storing tiles at once take their rows in one order.
    public var changedTiles: [MerkleTile] {
        changed.sorted { ($0.level, $0.index) < ($1.level, $1.index) }.compactMap { tiles[$0] }
    }
}
