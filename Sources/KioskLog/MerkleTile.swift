/// A tile of a stored tree, as C2SP tlog-tiles cuts one: the hashes of up to 256 consecutive nodes of one level that
/// is a multiple of 8 (tile level `L` holds tree level `8·L`), tile `index` holding the nodes `256·index` on. A tree
/// kept as tiles stores a row per 256 leaves, not two rows per leaf; every other node is the root of a complete
/// subtree of a tile and is computed from it (at most 127 hashes, `MerkleTilesRead`). Only the last tile of a level
/// is partial, and it only grows.
public struct MerkleTile: Sendable, Hashable {
    /// How many tree levels a tile spans.
    public static let height = 8
    /// How many hashes a full tile holds.
    public static let width = 256

    public let position: MerkleTilePosition
    /// The hashes, 32 bytes each, in the order of their nodes.
    public private(set) var bytes: [UInt8]

    /// The tile at `position` holding `bytes`, or nil unless they are 1 to 256 whole hashes.
    public init?(position: MerkleTilePosition, bytes: [UInt8]) {
        guard !bytes.isEmpty, bytes.count % 32 == 0, bytes.count <= Self.width * 32 else { return nil }
        self.position = position
        self.bytes = bytes
    }

    /// An empty tile to append to.
    init(emptyAt position: MerkleTilePosition) {
        self.position = position
        bytes = []
    }

    /// How many hashes it holds.
    public var count: Int { bytes.count / 32 }

    /// The hash of its node at `offset`.
    func hash(at offset: Int) -> MerkleHash {
        bytes.withUnsafeBytes { MerkleHash(raw: UnsafeRawBufferPointer(rebasing: $0[offset * 32..<(offset + 1) * 32])) }
    }

    /// Adds the hash of its next node.
    mutating func append(_ hash: MerkleHash) {
        hash.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// The tile as a tree of `size` leaves holds it: its first hashes, as many of its nodes as that tree has; nil when
    /// it has none of them.
    func prefix(ofTreeSize size: Int64) -> MerkleTile? {
        let nodes = (size >> (position.level * Self.height)) - position.index * Int64(Self.width)
        guard nodes > 0 else { return nil }
        guard nodes < count else { return self }
        var tile = self
        tile.bytes.removeLast((count - Int(nodes)) * 32)
        return tile
    }

    /// The nodes it holds, at tree level `8·L`.
    public var nodes: [MerkleNode] {
        let level = position.level * Self.height
        return (0..<count).map { MerkleNode(level: level, index: position.index * Int64(Self.width) + Int64($0), hash: hash(at: $0)) }
    }
}

/// A tile's place: its tile level (tree level `8·level`) and its index among that level's tiles.
public struct MerkleTilePosition: Sendable, Hashable {
    public let level: Int
    public let index: Int64

    public init(level: Int, index: Int64) {
        self.level = level
        self.index = index
    }

    /// The tile the node at `node` is stored in or computed from.
    public init(holding node: MerklePosition) {
        self.init(level: node.level / MerkleTile.height, index: (node.index << (node.level % MerkleTile.height)) / Int64(MerkleTile.width))
    }

    /// The tiles the nodes at `nodes` are stored in or computed from, each once, in the order first needed.
    public static func holding(_ nodes: [MerklePosition]) -> [MerkleTilePosition] {
        var seen: Set<MerkleTilePosition> = []
        return nodes.map(MerkleTilePosition.init(holding:)).filter { seen.insert($0).inserted }
    }
}
