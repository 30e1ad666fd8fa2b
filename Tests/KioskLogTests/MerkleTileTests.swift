import KioskLog
import Testing

/// The tree kept as tiles (C2SP tlog-tiles): appends writing back the tiles they change, nodes computed from the tiles
/// fetched, and `log verify`'s comparison of stored tiles with the recomputed tree.
@Suite struct MerkleTileTests {
    /// A run of appends reads only the edge tiles of the tree as stored, and leaves the tiles of the tree built at once:
    /// across tile boundaries of the first three tile levels.
    @Test func anAppenderReadsOnlyTheEdgeTilesAndLeavesTheTilesOfTheWholeTree() throws {
        let leaves = (0..<66_000).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) }
        let whole = Dictionary(uniqueKeysWithValues: InMemoryMerkleTree(leafHashes: leaves).tiles.map { ($0.position, $0) })
        #expect(whole.keys.map(\.level).max() == 2)
        for start in [0, 1, 255, 256, 257, 65_535, 65_536, 65_999] {
            var stored = Dictionary(uniqueKeysWithValues: InMemoryMerkleTree(leafHashes: Array(leaves[..<start])).tiles.map { ($0.position, $0) })
            let edge = MerkleTileAppender.edgeTiles(ofSize: Int64(start))
            #expect(edge.count <= 3)
            var appender = MerkleTileAppender(size: Int64(start), edge: edge.compactMap { stored[$0] })
            for leaf in leaves[start...] { try appender.append(leaf) }
            #expect(appender.size == Int64(leaves.count))
            for tile in appender.changedTiles { stored[tile.position] = tile }
            #expect(stored == whole, "appending from \(start)")
        }
    }

    /// Edge tiles another writer already made longer (a second hub process on the same database) are taken as they
    /// were at the size read: the appends go on from there and give the tiles of the tree they reach.
    @Test func anAppenderGivenTilesAnotherWriterLengthenedAppendsFromTheSizeItRead() throws {
        let leaves = (0..<600).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) }
        let longer = Dictionary(uniqueKeysWithValues: InMemoryMerkleTree(leafHashes: leaves).tiles.map { ($0.position, $0) })
        let reached = Dictionary(uniqueKeysWithValues: InMemoryMerkleTree(leafHashes: Array(leaves[..<500])).tiles.map { ($0.position, $0) })
        for start in [10, 255, 256, 300] {
            let edge = MerkleTileAppender.edgeTiles(ofSize: Int64(start)).compactMap { longer[$0] }
            var appender = MerkleTileAppender(size: Int64(start), edge: edge)
            for leaf in leaves[start..<500] { try appender.append(leaf) }
            #expect(!appender.changedTiles.isEmpty)
            for tile in appender.changedTiles { #expect(tile == reached[tile.position], "appending from \(start)") }
        }
    }

    /// The nodes an operation reads are learnt on placeholders, then their tiles fetched: the operation gives the same
    /// answer, every node not stored computed from the tile below it.
    @Test func nodesReadAheadFromTilesAnswerAsTheStoredTree() throws {
        let table = ReferenceTable.shared
        let big = InMemoryMerkleTree(leafHashes: (0..<70_000).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) })
        for (tree, old, new) in [
            (InMemoryMerkleTree(leafHashes: table.leaves), 3, 41), (big, 16, 32), (big, 0, 7), (big, 40, 41), (big, 300, 69_999),
            (big, 65_536, 70_000),
        ] {
            let positions = MerkleNodesRead.positions { recorder in
                _ = try? MerkleTree.root(size: Int64(new), from: recorder)
                _ = try? MerkleTree.consistencyProof(from: Int64(old), to: Int64(new), from: recorder)
                _ = try? MerkleTree.inclusionPath(index: Int64(old), size: Int64(new), from: recorder)
            }
            let needed = Set(MerkleTilePosition.holding(positions))
            let read = MerkleTilesRead(tree.tiles.filter { needed.contains($0.position) })
            #expect(try MerkleTree.root(size: Int64(new), from: read) == MerkleTree.root(size: Int64(new), from: tree))
            #expect(
                try MerkleTree.consistencyProof(from: Int64(old), to: Int64(new), from: read)
                    == MerkleTree.consistencyProof(from: Int64(old), to: Int64(new), from: tree)
            )
            #expect(
                try MerkleTree.inclusionPath(index: Int64(old), size: Int64(new), from: read)
                    == MerkleTree.inclusionPath(index: Int64(old), size: Int64(new), from: tree)
            )
            #expect(throws: MerkleError.self) { try read.hash(level: 17, index: 0) }
        }
        #expect(try MerkleTree.root(size: 41, from: MerkleTilesRead(InMemoryMerkleTree(leafHashes: table.leaves).tiles)) == table.roots[41])
    }

    /// Stored tiles compared with the tree recomputed from the leaves name the first leaf under the lowest changed node.
    @Test func aComparisonOfTilesNamesTheFirstLeafUnderTheLowestChange() throws {
        let leaves = (0..<600).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) }
        let stored = InMemoryMerkleTree(leafHashes: leaves).tiles.flatMap(\.nodes)
        #expect(MerkleTree.firstChangedLeaf(stored: stored, recomputed: InMemoryMerkleTree(leafHashes: leaves)) == nil)
        var edited = leaves
        edited[300] = MerkleTree.leafHash(Array("edited".utf8))
        #expect(MerkleTree.firstChangedLeaf(stored: stored, recomputed: InMemoryMerkleTree(leafHashes: edited)) == 300)
        // A leaf rewritten with its stored hash leaves the stored node above its 256 leaves to tell: the first of them.
        let rewritten = stored.map { $0.level == 0 && $0.index == 300 ? MerkleNode(level: 0, index: 300, hash: edited[300]) : $0 }
        #expect(MerkleTree.firstChangedLeaf(stored: rewritten, recomputed: InMemoryMerkleTree(leafHashes: edited)) == 256)
    }
}
