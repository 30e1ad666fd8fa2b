public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
public import KioskLog
import KioskStore

extension SQLiteHubStorage {
    public func logSize(of log: StoredLog) async throws(KioskError) -> Int64 {
        let (table, key, value) = log.nodeRows
        return try await database.read { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(idx) + 1, 0) FROM \(table) WHERE \(key) = ? AND level = 0", arguments: [value]) ?? 0
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
                    SELECT removed.seq, node.hash FROM kiosk_log_removed AS removed
                    JOIN kiosk_log_node AS node ON node.kiosk_id = removed.kiosk_id AND node.level = 0 AND node.idx = removed.seq - 1
                    WHERE removed.kiosk_id = ?1 AND removed.seq >= ?2 AND removed.seq <= ?3
                    UNION ALL
                    SELECT seq, leaf_hash FROM event WHERE kiosk_id = ?1 AND seq >= ?2 AND seq <= ?3 AND leaf_hash IS NOT NULL
                    ORDER BY 1 LIMIT ?4
                    """,
                arguments: [kioskID, seq, throughSeq ?? Int64.max, limit]
            ).map { row in
                let node = try Self.node(level: 0, index: (row["seq"] as Int64) - 1, hash: row["hash"], of: .kiosk(kioskID))
                return RemovedLeaf(seq: node.index + 1, leafHash: node.hash)
            }
        }
    }

    public func addLogNodes(_ nodes: [MerkleNode], to log: StoredLog) async throws(KioskError) {
        let (table, key, value) = log.nodeRows
        try await database.write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO \(table) (\(key), level, idx, hash) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
            for node in nodes {
                try insert.execute(arguments: [value, node.level, node.index, Data(node.hash.bytes)])
            }
        }
    }

    public func logNodes(of log: StoredLog, at positions: [MerklePosition]) async throws(KioskError) -> [MerkleNode] {
        let (table, key, value) = log.nodeRows
        return try await database.read { db in
            let select = try db.cachedStatement(sql: "SELECT hash FROM \(table) WHERE \(key) = ? AND level = ? AND idx = ?")
            return try positions.compactMap { position in
                guard let data = try Data.fetchOne(select, arguments: [value, position.level, position.index]) else { return nil }
                return try Self.node(level: position.level, index: position.index, hash: data, of: log)
            }
        }
    }

    public func allLogNodes(of log: StoredLog) async throws(KioskError) -> [MerkleNode] {
        let (table, key, value) = log.nodeRows
        return try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT level, idx, hash FROM \(table) WHERE \(key) = ?", arguments: [value]).map { row in
                try Self.node(level: row["level"], index: row["idx"], hash: row["hash"], of: log)
            }
        }
    }

    private static func node(level: Int, index: Int64, hash data: Data, of log: StoredLog) throws -> MerkleNode {
        guard let hash = MerkleHash(bytes: Array(data)) else {
            throw DatabaseError(message: "the stored node of \(log.description) at level \(level), index \(index) is not a hash")
        }
        return MerkleNode(level: level, index: index, hash: hash)
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
