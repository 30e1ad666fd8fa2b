public import Foundation
import GRDB
public import KioskCore
public import KioskLog
import KioskStore

/// The journal's copy of the gate's signed log (LOG-FORMAT.md): the Merkle tree of the kiosk's own events, kept as
/// tiles of complete subtree hashes (`log_tile`, `MerkleTile`), and the checkpoints the kiosk signed of it
/// (`log_checkpoint`).
extension Journal {
    /// How many of the kiosk's own events the stored tree holds.
    public func logSize() async throws(KioskError) -> Int64 {
        try await read { db in try Self.logSize(db) }
    }

    /// Up to `limit` of the kiosk's own events from `seq` on, in seq order, none an erasure changed.
    public func ownEvents(fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [EventRecord] {
        let kioskID = self.kioskID
        return try await read { db in
            try EventColumns.records(
                db,
                sql: "SELECT \(EventColumns.names) FROM event WHERE kiosk_id = ? AND seq >= ? AND leaf_hash IS NULL ORDER BY seq LIMIT ?",
                arguments: [kioskID, seq, limit]
            )
        }
    }

    /// Up to `limit` leaves of the stored tree from `seq` on (through `throughSeq`, to the end when nil), in seq order,
    /// of the kiosk's events retention removed or an erasure changed: their places and hashes, which stay.
    public func removedLogLeaves(fromSeq seq: Int64, throughSeq: Int64?, limit: Int) async throws(KioskError) -> [RemovedLeaf] {
        let kioskID = self.kioskID
        return try await read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT log_removed.seq, substr(log_tile.hashes, (log_removed.seq - 1) % 256 * 32 + 1, 32) FROM log_removed
                    JOIN log_tile ON log_tile.level = 0 AND log_tile.idx = (log_removed.seq - 1) / 256
                    WHERE log_removed.seq >= ?1 AND log_removed.seq <= ?2
                    UNION ALL
                    SELECT seq, leaf_hash FROM event WHERE kiosk_id = ?3 AND seq >= ?1 AND seq <= ?2 AND leaf_hash IS NOT NULL
                    ORDER BY 1 LIMIT ?4
                    """,
                arguments: [seq, throughSeq ?? Int64.max, kioskID, limit]
            )
            var leaves: [RemovedLeaf] = []
            while let row = try rows.next() {
                leaves.append(RemovedLeaf(seq: try row.decode(Int64.self, atIndex: 0), leafHash: try StoredLogTiles.hash(row, atIndex: 1)))
            }
            return leaves
        }
    }

    /// Appends the leaves whose hashes are `leafHashes` to a stored tree of `size` leaves, in one transaction: the
    /// appends read the tree's edge tiles and write back the few tiles they change, whole. Returns false, storing
    /// nothing, when the tree no longer has `size` leaves (another process appended first).
    public func appendToLog(_ leafHashes: [MerkleHash], atSize size: Int64) async throws(KioskError) -> Bool {
        try await write { db in
            guard try Self.logSize(db) == size else { return false }
            var tree = MerkleTileAppender(size: size, edge: try StoredLogTiles.read(db, MerkleTileAppender.edgeTiles(ofSize: size)))
            for leaf in leafHashes {
                try tree.append(leaf)
            }
            let store = try db.cachedStatement(
                sql: "INSERT INTO log_tile (level, idx, hashes) VALUES (?, ?, ?) ON CONFLICT (level, idx) DO UPDATE SET hashes = excluded.hashes"
            )
            for tile in tree.changedTiles {
                try store.execute(arguments: [tile.position.level, tile.position.index, Data(tile.bytes)])
            }
            return true
        }
    }

    /// The root of the stored tree's first `size` leaves.
    public func logRoot(size: Int64) async throws(KioskError) -> MerkleHash {
        try await read { db in
            let positions = MerkleNodesRead.positions { recorder in _ = try? MerkleTree.root(size: size, from: recorder) }
            return try MerkleTree.root(size: size, from: MerkleTilesRead(try StoredLogTiles.read(db, MerkleTilePosition.holding(positions))))
        }
    }

    /// The first leaf (0-based) at which the stored tree no longer matches `recomputed`, the tree of the events
    /// (what `kiosk log verify` checks), nil when every stored node matches: the tiles' nodes are compared as they are
    /// read (`MerkleComparison`), never all held at once.
    public func firstChangedLogLeaf(recomputed: InMemoryMerkleTree) async throws(KioskError) -> Int64? {
        try await read { db in
            var comparison = MerkleComparison(recomputed: recomputed)
            let tiles = try Row.fetchCursor(db, sql: "SELECT level, idx, hashes FROM log_tile")
            while let row = try tiles.next() {
                for node in try StoredLogTiles.tile(row).nodes {
                    comparison.compare(level: node.level, index: node.index, hash: node.hash)
                }
            }
            return comparison.firstChangedLeaf
        }
    }

    /// Keeps `checkpoint` as the latest of its kind (signed by the kiosk, or cosigned by the hub too), replacing the one
    /// before: the tree itself shows that the log only grew, so the latest of each is what there is to check. A
    /// cosigned one ends the hub's refusal.
    public func keepCheckpoint(_ checkpoint: KeptCheckpoint) async throws(KioskError) {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO log_checkpoint (kind, size, note, vkey) VALUES (?, ?, ?, ?)
                    ON CONFLICT(kind) DO UPDATE SET size = excluded.size, note = excluded.note, vkey = excluded.vkey
                    """,
                arguments: [checkpoint.kind.rawValue, checkpoint.size, checkpoint.note, checkpoint.vkey]
            )
            if checkpoint.kind == .cosigned { try db.execute(sql: "DELETE FROM log_refusal") }
        }
    }

    /// The latest checkpoint of each kind kept.
    public func keptCheckpoints() async throws(KioskError) -> [KeptCheckpoint] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT kind, size, note, vkey FROM log_checkpoint ORDER BY kind").compactMap { row in
                KeptCheckpoint.Kind(rawValue: row["kind"]).map { KeptCheckpoint(kind: $0, size: row["size"], note: row["note"], vkey: row["vkey"]) }
            }
        }
    }

    /// Remembers that the hub refused the checkpoint of `size` for `reason`, until a checkpoint is cosigned.
    public func recordLogRefusal(size: Int64, reason: String, at instant: Date) async throws(KioskError) {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO log_refusal (only_row, size, reason, refused_at) VALUES (1, ?, ?, ?)
                    ON CONFLICT(only_row) DO UPDATE SET size = excluded.size, reason = excluded.reason, refused_at = excluded.refused_at
                    """,
                arguments: [size, reason, instant.storeMillis]
            )
        }
    }

    static func logSize(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT idx * 256 + length(hashes) / 32 FROM log_tile WHERE level = 0 ORDER BY idx DESC LIMIT 1") ?? 0
    }
}

/// A checkpoint of the gate's log the journal keeps: its signed-note text, the size it covers, and the kiosk's vkey
/// that signed it (a key made anew after a lost key file signs the ones after).
public struct KeptCheckpoint: Sendable, Hashable {
    /// Whose signatures it carries.
    public enum Kind: String, Sendable {
        /// The kiosk's signature alone.
        case signed
        /// The kiosk's and the hub's.
        case cosigned
    }

    public var kind: Kind
    public var size: Int64
    public var note: String
    public var vkey: String

    public init(kind: Kind, size: Int64, note: String, vkey: String) {
        self.kind = kind
        self.size = size
        self.note = note
        self.vkey = vkey
    }
}

/// The stored tree's tiles, read on one connection inside one of its transactions.
enum StoredLogTiles {
    static let damaged = DatabaseError(message: "a stored log tile is not whole 32-byte hashes")

    /// The stored tiles at `positions` (those stored).
    static func read(_ db: Database, _ positions: [MerkleTilePosition]) throws -> [MerkleTile] {
        let select = try db.cachedStatement(sql: "SELECT level, idx, hashes FROM log_tile WHERE level = ? AND idx = ?")
        return try positions.compactMap { position in
            try Row.fetchOne(select, arguments: [position.level, position.index]).map(tile)
        }
    }

    /// The tile a row of `level`, `idx` and `hashes` holds.
    static func tile(_ row: Row) throws -> MerkleTile {
        let position = MerkleTilePosition(level: try row.decode(atIndex: 0), index: try row.decode(atIndex: 1))
        let tile = try row.withUnsafeData(atIndex: 2) { data in data.flatMap { MerkleTile(position: position, bytes: Array($0)) } }
        guard let tile else { throw damaged }
        return tile
    }

    /// The hash a row holds at `index`, read in place.
    static func hash(_ row: Row, atIndex index: Int) throws -> MerkleHash {
        let hash = try row.withUnsafeData(atIndex: index) { data in data.flatMap { $0.withUnsafeBytes { MerkleHash(bytes: $0) } } }
        guard let hash else { throw DatabaseError(message: "a stored leaf hash is not 32 bytes") }
        return hash
    }
}
