import Foundation
package import GRDB

/// Moves a stored Merkle tree from a row per node (`level`, `idx`, `hash`) to a row per tile (`MerkleTile`: tile level
/// `level / 8`, index `idx / 256`, the hashes of its nodes in order as one blob), for the migrations that made the
/// change (journal v13, hub v22): frozen with them. Nodes at other levels are dropped (they are computed from the
/// tiles); a tile ends at a node missing from the stored tree, as a tree missing that node would (`log verify`
/// names it).
package enum LogTileMigration {
    /// Copies the tree or trees of `nodeTable` into `tileTable` (`hashes` for the blob), both keyed by `keys`, the
    /// columns naming one tree among several (none for the journal's one tree).
    package static func copyTiles(_ db: Database, from nodeTable: String, to tileTable: String, keyedBy keys: [String]) throws {
        let keyColumns = keys.map { $0 + ", " }.joined()
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT \(keyColumns)level / 8, idx / 256, idx % 256, hash FROM \(nodeTable) WHERE level % 8 = 0 ORDER BY \(keyColumns)level, idx"
        )
        let insert = try db.makeStatement(
            sql: "INSERT INTO \(tileTable) (\(keyColumns)level, idx, hashes) VALUES (\(databaseQuestionMarks(count: keys.count + 3)))"
        )
        var tile: (key: [DatabaseValue], level: Int64, index: Int64, hashes: Data)?
        func store() throws {
            guard let tile, !tile.hashes.isEmpty else { return }
            try insert.execute(
                arguments: StatementArguments(tile.key + [tile.level.databaseValue, tile.index.databaseValue, tile.hashes.databaseValue])
            )
        }
        while let row = try rows.next() {
            let key = (0..<keys.count).map { row[$0] as DatabaseValue }
            let (level, index, offset, hash): (Int64, Int64, Int, Data) = (
                row[keys.count], row[keys.count + 1], row[keys.count + 2], row[keys.count + 3]
            )
            if tile?.key != key || tile?.level != level || tile?.index != index {
                try store()
                tile = (key, level, index, Data())
            }
            if offset * 32 == tile?.hashes.count, hash.count == 32 { tile?.hashes.append(hash) }
        }
        try store()
    }
}
