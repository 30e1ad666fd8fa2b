public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
public import KioskLog
import KioskStore

extension SQLiteHubStorage {
    public func logSize(of log: StoredLog) async throws(KioskError) -> Int64 {
        let (table, key, value) = log.tileRows
        return try await database.read { db in
            try Int64.fetchOne(
                db,
                sql: "SELECT idx * 256 + length(hashes) / 32 FROM \(table) WHERE \(key) = ? AND level = 0 ORDER BY idx DESC LIMIT 1",
                arguments: [value]
            ) ?? 0
        }
    }

    public func kioskEvents(kiosk kioskID: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [EventRecord] {
        try await database.read { db in
            try EventColumns.records(
                db,
                sql: "SELECT \(EventColumns.names) FROM event WHERE kiosk_id = ? AND seq >= ? AND leaf_hash IS NULL ORDER BY seq LIMIT ?",
                arguments: [kioskID, seq, limit]
            )
        }
    }

    public func removedLeaves(kiosk kioskID: String, fromSeq seq: Int64, throughSeq: Int64?, limit: Int) async throws(KioskError) -> [RemovedLeaf] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT removed.seq, substr(tile.hashes, (removed.seq - 1) % 256 * 32 + 1, 32) AS hash FROM kiosk_log_removed AS removed
                    JOIN kiosk_log_tile AS tile ON tile.kiosk_id = removed.kiosk_id AND tile.level = 0 AND tile.idx = (removed.seq - 1) / 256
                    WHERE removed.kiosk_id = ?1 AND removed.seq >= ?2 AND removed.seq <= ?3
                    UNION ALL
                    SELECT seq, leaf_hash FROM event WHERE kiosk_id = ?1 AND seq >= ?2 AND seq <= ?3 AND leaf_hash IS NOT NULL
                    ORDER BY 1 LIMIT ?4
                    """,
                arguments: [kioskID, seq, throughSeq ?? Int64.max, limit]
            ).map { row in
                let seq: Int64 = row["seq"]
                guard let hash = MerkleHash(bytes: Array(row["hash"] as Data)) else {
                    throw DatabaseError(message: "the stored leaf of kiosk '\(kioskID)' seq \(seq) is not a hash")
                }
                return RemovedLeaf(seq: seq, leafHash: hash)
            }
        }
    }

    public func storeLogTiles(_ tiles: [MerkleTile], of log: StoredLog) async throws(KioskError) {
        let (table, key, value) = log.tileRows
        try await database.write { db in
            let store = try db.cachedStatement(
                sql: """
                    INSERT INTO \(table) (\(key), level, idx, hashes) VALUES (?, ?, ?, ?)
                    ON CONFLICT DO UPDATE SET hashes = excluded.hashes WHERE length(excluded.hashes) > length(\(table).hashes)
                    """
            )
            for tile in tiles {
                try store.execute(arguments: [value, tile.position.level, tile.position.index, Data(tile.bytes)])
            }
        }
    }

    public func logTiles(of log: StoredLog, at positions: [MerkleTilePosition]) async throws(KioskError) -> [MerkleTile] {
        let (table, key, value) = log.tileRows
        return try await database.read { db in
            let select = try db.cachedStatement(sql: "SELECT hashes FROM \(table) WHERE \(key) = ? AND level = ? AND idx = ?")
            return try positions.compactMap { position in
                guard let data = try Data.fetchOne(select, arguments: [value, position.level, position.index]) else { return nil }
                return try Self.tile(at: position, hashes: data, of: log)
            }
        }
    }

    public func allLogTiles(of log: StoredLog) async throws(KioskError) -> [MerkleTile] {
        let (table, key, value) = log.tileRows
        return try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT level, idx, hashes FROM \(table) WHERE \(key) = ?", arguments: [value]).map { row in
                try Self.tile(at: MerkleTilePosition(level: row["level"], index: row["idx"]), hashes: row["hashes"], of: log)
            }
        }
    }

    private static func tile(at position: MerkleTilePosition, hashes data: Data, of log: StoredLog) throws -> MerkleTile {
        guard let tile = MerkleTile(position: position, bytes: Array(data)) else {
            throw DatabaseError(
                message: "the stored tile of \(log.description) at level \(position.level), index \(position.index) is not whole hashes"
            )
        }
        return tile
    }

    public func logPosition(ofEvent id: String) async throws(KioskError) -> (kiosk: String, seq: Int64)? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT kiosk_id, seq FROM event WHERE id = ?", arguments: [id]).map { row in (row["kiosk_id"], row["seq"]) }
        }
    }

    public func loggedKiosks(property: String?) async throws(KioskError) -> [String] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT kiosk_id FROM kiosk_log WHERE ? IS NULL OR property_id = ? ORDER BY kiosk_id",
                arguments: [property, property]
            )
        }
    }

    public func kioskLog(kiosk kioskID: String) async throws(KioskError) -> KioskLogRecord? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT vkey, size, checkpoint FROM kiosk_log WHERE kiosk_id = ?", arguments: [kioskID]).map { row in
                KioskLogRecord(vkey: row["vkey"], size: row["size"], checkpoint: row["checkpoint"])
            }
        }
    }

    public func setKioskLogKey(_ vkey: String, kiosk kioskID: String, property: String, replacing: Bool) async throws(KioskError) -> String {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO kiosk_log (kiosk_id, property_id, vkey, size) VALUES (?, ?, ?, 0)
                    ON CONFLICT(kiosk_id) DO UPDATE SET vkey = excluded.vkey WHERE ? OR kiosk_log.vkey IS NULL
                    """,
                arguments: [kioskID, property, vkey, replacing]
            )
            return try String.fetchOne(db, sql: "SELECT vkey FROM kiosk_log WHERE kiosk_id = ?", arguments: [kioskID]) ?? vkey
        }
    }

    public func acceptCheckpoint(
        _ checkpoint: String,
        size: Int64,
        vkey: String,
        kiosk kioskID: String,
        at instant: Date
    ) async throws(KioskError)
        -> Bool
    {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE kiosk_log SET size = ?, checkpoint = ?, accepted_at = ? WHERE kiosk_id = ? AND vkey = ? AND size <= ?",
                arguments: [size, checkpoint, instant.storeMillis, kioskID, vkey, size]
            )
            return db.changesCount == 1
        }
    }

    /// The keys are files beside `hub.sqlite` (owner-only), each made once: a second hub process starting at the same
    /// moment reads the file the first one made.
    public func hubLogKeys(proposing proposed: HubLogKeyLines) async throws(KioskError) -> HubLogKeyLines {
        let directory = (database.writer.path as NSString).deletingLastPathComponent
        return HubLogKeyLines(
            witness: try OwnerOnlyFile.createOnce(directory + "/witness.key", line: proposed.witness),
            log: try OwnerOnlyFile.createOnce(directory + "/hub-log.key", line: proposed.log)
        )
    }
}
