import Foundation
import GRDB
import KioskLog
import KioskTesting
import PostgresNIO
import Testing

@testable import KioskHubPostgres
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// The migration that moved the logs' trees from a row per node to a row per tile (SQLite v22, PostgreSQL v23), on
/// both backends: the tiles are those of the trees, a tile ends at a node missing from the stored tree, and the
/// hub answers sizes as before.
@Suite struct LogTileMigrationTests {
    /// A kiosk's tree of 70,000 leaves (three tile levels), the audit log's of 5 entries, and a tree missing a leaf.
    static let kiosk = InMemoryMerkleTree(leafHashes: (0..<70_000).map { MerkleTree.leafHash(Array("event \($0)".utf8)) })
    static let audit = InMemoryMerkleTree(leafHashes: (0..<5).map { MerkleTree.leafHash(Array("entry \($0)".utf8)) })
    static let gapped = InMemoryMerkleTree(leafHashes: (0..<10).map { MerkleTree.leafHash(Array("gapped \($0)".utf8)) })

    @Test func theSQLiteHubsTreesMovedToTilesAreTheSameTrees() async throws {
        let scratch = try ScratchDirectory("hub-tiles")
        let queue = try DatabaseQueue(path: scratch.path + "/hub.sqlite")
        try SQLiteHubSchema.migrator.migrate(queue, upTo: "v21")
        try await queue.write { db in
            let kioskNode = try db.makeStatement(sql: "INSERT INTO kiosk_log_node (kiosk_id, level, idx, hash) VALUES (?, ?, ?, ?)")
            for (kiosk, nodes) in [("gate-1", Self.kiosk.allNodes), ("gate-2", Self.gappedNodes)] {
                for node in nodes { try kioskNode.execute(arguments: [kiosk, node.level, node.index, Data(node.hash.bytes)]) }
            }
            for node in Self.audit.allNodes {
                try db.execute(
                    sql: "INSERT INTO audit_log_node (property_id, level, idx, hash) VALUES ('default', ?, ?, ?)",
                    arguments: [node.level, node.index, Data(node.hash.bytes)]
                )
            }
        }
        try queue.close()
        let storage = try SQLiteHubStorage.open(dataDirectory: scratch.path)
        try await Self.expectMoved(storage)
    }

    @Test func thePostgreSQLHubsTreesMovedToTilesAreTheSameTrees() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        _ = try await storage.client.query("CREATE TABLE kiosk_hub_schema (identifier TEXT PRIMARY KEY NOT NULL)")
        for migration in PostgresHubSchema.migrations.prefix(while: { $0.identifier != "v23" }) {
            for statement in migration.statements { _ = try await storage.client.query(PostgresQuery(unsafeSQL: statement)) }
            _ = try await storage.client.query("INSERT INTO kiosk_hub_schema (identifier) VALUES (\(migration.identifier))")
        }
        for (table, key, value, nodes) in [
            ("kiosk_log_node", "kiosk_id", "gate-1", Self.kiosk.allNodes), ("kiosk_log_node", "kiosk_id", "gate-2", Self.gappedNodes),
            ("audit_log_node", "property_id", "default", Self.audit.allNodes),
        ] {
            for chunk in stride(from: 0, to: nodes.count, by: 10_000).map({ nodes[$0..<min($0 + 10_000, nodes.count)] }) {
                _ = try await storage.client.query(
                    """
                    INSERT INTO \(unescaped: table) (\(unescaped: key), level, idx, hash)
                    SELECT \(value), level, idx, hash
                    FROM UNNEST(\(chunk.map { Int64($0.level) })::bigint[], \(chunk.map(\.index))::bigint[], \(chunk.map { ByteBuffer(bytes: $0.hash.bytes) })::bytea[])
                        AS node(level, idx, hash)
                    """
                )
            }
        }
        try await storage.migrate()
        try await Self.expectMoved(storage)
    }

    /// gate-2's tree of 10 leaves without its leaf 6.
    static var gappedNodes: [MerkleNode] { gapped.allNodes.filter { $0.level != 0 || $0.index != 6 } }

    static func expectMoved(_ storage: some LogStorage) async throws {
        #expect(try await storage.allLogTiles(of: .kiosk("gate-1")).sorted(by: Self.order) == kiosk.tiles)
        #expect(try await storage.logSize(of: .kiosk("gate-1")) == 70_000)
        #expect(try await storage.allLogTiles(of: .audit(property: "default")) == audit.tiles)
        let gappedTile = try #require(try await storage.allLogTiles(of: .kiosk("gate-2")).first)
        #expect(gappedTile.nodes == Array(gapped.tiles[0].nodes.prefix(6)))
        #expect(try await storage.logSize(of: .kiosk("gate-2")) == 6)
    }

    static func order(_ left: MerkleTile, _ right: MerkleTile) -> Bool {
        (left.position.level, left.position.index) < (right.position.level, right.position.index)
    }
}
