public import Foundation
public import KioskCore
public import KioskHubStorage
public import KioskLog
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func logSize(of log: StoredLog) async throws(KioskError) -> Int64 {
        let (table, key, value) = log.nodeRows
        return try await failing("read failed") {
            try await query("SELECT COALESCE(MAX(idx) + 1, 0) FROM \(unescaped: table) WHERE \(unescaped: key) = \(value) AND level = 0")
                .decode(Int64.self).first ?? 0
        }
    }

    public func kioskEvents(kiosk kioskID: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [EventRecord] {
        try await failing("read failed") {
            let rows = try await query(
                "SELECT \(unescaped: Self.eventColumns) FROM event WHERE kiosk_id = \(kioskID) AND seq >= \(seq) AND leaf_hash IS NULL ORDER BY seq LIMIT \(limit)"
            )
            return try Self.positionedRecords(rows).map(\.record)
        }
    }

    public func removedLeaves(kiosk kioskID: String, fromSeq seq: Int64, throughSeq: Int64?, limit: Int) async throws(KioskError) -> [RemovedLeaf] {
        try await failing("read failed") {
            try await query(
                """
                SELECT removed.seq, encode(node.hash, 'base64') FROM kiosk_log_removed AS removed
                JOIN kiosk_log_node AS node ON node.kiosk_id = removed.kiosk_id AND node.level = 0 AND node.idx = removed.seq - 1
                WHERE removed.kiosk_id = \(kioskID) AND removed.seq >= \(seq) AND removed.seq <= \(throughSeq ?? Int64.max)
                UNION ALL
                SELECT seq, encode(leaf_hash, 'base64') FROM event
                WHERE kiosk_id = \(kioskID) AND seq >= \(seq) AND seq <= \(throughSeq ?? Int64.max) AND leaf_hash IS NOT NULL
                ORDER BY 1 LIMIT \(limit)
                """
            ).decode((Int64, String).self).map {
                RemovedLeaf(seq: $0, leafHash: try Self.node(level: 0, index: $0 - 1, hash: $1, of: .kiosk(kioskID)).hash)
            }
        }
    }

    public func addLogNodes(_ nodes: [MerkleNode], to log: StoredLog) async throws(KioskError) {
        guard !nodes.isEmpty else { return }
        let (table, key, value) = log.nodeRows
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO \(unescaped: table) (\(unescaped: key), level, idx, hash)
                SELECT \(value), level, idx, decode(hash, 'base64')
                FROM UNNEST(\(nodes.map { Int64($0.level) })::bigint[], \(nodes.map(\.index))::bigint[], \(nodes.map(\.hash.base64))::text[])
                    AS node(level, idx, hash)
                ON CONFLICT DO NOTHING
                """
            )
        }
    }

    public func logNodes(of log: StoredLog, at positions: [MerklePosition]) async throws(KioskError) -> [MerkleNode] {
        guard !positions.isEmpty else { return [] }
        let (table, key, value) = log.nodeRows
        return try await failing("read failed") {
            try await query(
                """
                SELECT level, idx, encode(hash, 'base64') FROM \(unescaped: table)
                WHERE \(unescaped: key) = \(value) AND (level, idx) IN (
                    SELECT * FROM UNNEST(\(positions.map { Int64($0.level) })::bigint[], \(positions.map(\.index))::bigint[])
                )
                """
            ).decode((Int64, Int64, String).self).map { try Self.node(level: $0, index: $1, hash: $2, of: log) }
        }
    }

    public func allLogNodes(of log: StoredLog) async throws(KioskError) -> [MerkleNode] {
        let (table, key, value) = log.nodeRows
        return try await failing("read failed") {
            try await query("SELECT level, idx, encode(hash, 'base64') FROM \(unescaped: table) WHERE \(unescaped: key) = \(value)")
                .decode((Int64, Int64, String).self).map { try Self.node(level: $0, index: $1, hash: $2, of: log) }
        }
    }

    private static func node(level: Int64, index: Int64, hash text: String, of log: StoredLog) throws(KioskError) -> MerkleNode {
        guard let hash = MerkleHash(base64: text) else {
            throw KioskError(.dataError, "the stored node of \(log.description) at level \(level), index \(index) is not a hash")
        }
        return MerkleNode(level: Int(level), index: index, hash: hash)
    }

    public func logPosition(ofEvent id: String) async throws(KioskError) -> (kiosk: String, seq: Int64)? {
        try await failing("read failed") {
            try await query("SELECT kiosk_id, seq FROM event WHERE id = \(id)").decode((String, Int64).self).first.map { (kiosk: $0, seq: $1) }
        }
    }

    public func loggedKiosks(property: String?) async throws(KioskError) -> [String] {
        try await failing("read failed") {
            try await query(
                "SELECT kiosk_id FROM kiosk_log WHERE \(property)::text IS NULL OR property_id = \(property) ORDER BY kiosk_id"
            ).decode(String.self)
        }
    }

    public func kioskLog(kiosk kioskID: String) async throws(KioskError) -> KioskLogRecord? {
        try await failing("read failed") {
            try await query("SELECT vkey, size, checkpoint FROM kiosk_log WHERE kiosk_id = \(kioskID)")
                .decode((String?, Int64, String?).self).first.map { KioskLogRecord(vkey: $0, size: $1, checkpoint: $2) }
        }
    }

    public func setKioskLogKey(_ vkey: String, kiosk kioskID: String, property: String, replacing: Bool) async throws(KioskError) -> String {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO kiosk_log (kiosk_id, property_id, vkey, size) VALUES (\(kioskID), \(property), \(vkey), 0)
                ON CONFLICT (kiosk_id) DO UPDATE SET vkey = excluded.vkey WHERE \(replacing) OR kiosk_log.vkey IS NULL
                """
            )
            return try await query("SELECT vkey FROM kiosk_log WHERE kiosk_id = \(kioskID)").decode(String?.self).first.flatMap { $0 } ?? vkey
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
        try await failing("write failed") {
            try await query(
                """
                UPDATE kiosk_log SET size = \(size), checkpoint = \(checkpoint), accepted_at = \(instant.storeMillis)
                WHERE kiosk_id = \(kioskID) AND vkey = \(vkey) AND size <= \(size) RETURNING kiosk_id
                """
            ).count == 1
        }
    }

    /// The keys are rows of the database, each made once: every hub process sharing it signs with the same pair.
    public func hubLogKeys(proposing proposed: HubLogKeyLines) async throws(KioskError) -> HubLogKeyLines {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO hub_log_key (role, key) VALUES ('witness', \(proposed.witness)), ('log', \(proposed.log))
                ON CONFLICT (role) DO NOTHING
                """
            )
            var keys = proposed
            for (role, key) in try await query("SELECT role, key FROM hub_log_key").decode((String, String).self) {
                if role == "witness" { keys.witness = key } else if role == "log" { keys.log = key }
            }
            return keys
        }
    }
}
