import Foundation
import GRDB
import KioskLog
import KioskTesting
import Testing

@testable import KioskJournal

/// Shipped migrations are frozen: they make exactly the schema they made when they shipped.
@Test func theJournalsShippedMigrationsMakeTheSchemaTheyMadeWhenTheyShipped() throws {
    for last in ["v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"] {
        #expect(try ShippedSchema.migrated(by: JournalSchema.migrator, upTo: last) == ShippedSchema.snapshot("journal-\(last)"))
    }
}

/// v13 moves the gate's tree from a row per node to a row per tile: the tiles are those of the tree, and the journal
/// answers its root as before.
@Test func theJournalsTreeMovedToTilesIsTheSameTree() async throws {
    let scratch = try ScratchDirectory("journal-tiles")
    let path = scratch.path + "/journal.sqlite"
    let tree = InMemoryMerkleTree(leafHashes: (0..<600).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) })
    let queue = try DatabaseQueue(path: path)
    try JournalSchema.migrator.migrate(queue, upTo: "v12")
    try await queue.write { db in
        for node in tree.allNodes {
            try db.execute(
                sql: "INSERT INTO log_node (level, idx, hash) VALUES (?, ?, ?)",
                arguments: [node.level, node.index, Data(node.hash.bytes)]
            )
        }
    }
    try queue.close()
    let journal = try Journal.open(path: path, kioskID: "gate-1")
    #expect(try await journal.logSize() == 600)
    #expect(try await journal.logRoot(size: 600) == MerkleTree.root(size: 600, from: tree))
    #expect(try await journal.logRoot(size: 300) == MerkleTree.root(size: 300, from: tree))
    let tiles = try await DatabaseQueue(path: path).read { db in
        try Row.fetchAll(db, sql: "SELECT level, idx, hashes FROM log_tile ORDER BY level, idx").map { row in
            MerkleTile(position: MerkleTilePosition(level: row["level"], index: row["idx"]), bytes: Array(row["hashes"] as Data))
        }
    }
    #expect(tiles == tree.tiles)
    try journal.close()
}
