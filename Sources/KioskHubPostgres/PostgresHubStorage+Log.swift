public import Foundation
public import KioskCore
public import KioskHubStorage
public import KioskLog
import KioskStore
import NIOCore
import PostgresNIO

extension PostgresHubStorage {
    public func logSize(of log: StoredLog) async throws(KioskError) -> Int64 {
        let (table, key, value) = log.tileRows
        return try await failing("read failed") {
            try await query(
                """
                SELECT idx * 256 + length(hashes) / 32 FROM \(unescaped: table) WHERE \(unescaped: key) = \(value) AND level = 0
                ORDER BY idx DESC LIMIT 1
                """
            ).decode(Int64.self).first ?? 0
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
                SELECT removed.seq, encode(substring(tile.hashes FROM ((removed.seq - 1) % 256 * 32 + 1)::integer FOR 32), 'base64')
                FROM kiosk_log_removed AS removed
                JOIN kiosk_log_tile AS tile ON tile.kiosk_id = removed.kiosk_id AND tile.level = 0 AND tile.idx = (removed.seq - 1) / 256
                WHERE removed.kiosk_id = \(kioskID) AND removed.seq >= \(seq) AND removed.seq <= \(throughSeq ?? Int64.max)
                UNION ALL
                SELECT seq, encode(leaf_hash, 'base64') FROM event
                WHERE kiosk_id = \(kioskID) AND seq >= \(seq) AND seq <= \(throughSeq ?? Int64.max) AND leaf_hash IS NOT NULL
                ORDER BY 1 LIMIT \(limit)
                """
            ).decode((Int64, String).self).map { (seq, text) throws(KioskError) in
                guard let hash = MerkleHash(base64: text) else {
                    throw KioskError(.dataError, "the stored leaf of kiosk '\(kioskID)' seq \(seq) is not a hash")
                }
                return RemovedLeaf(seq: seq, leafHash: hash)
            }
        }
    }

    public func storeLogTiles(_ tiles: [MerkleTile], of log: StoredLog) async throws(KioskError) {
        guard !tiles.isEmpty else { return }
        let (table, key, value) = log.tileRows
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO \(unescaped: table) (\(unescaped: key), level, idx, hashes)
                SELECT \(value), level, idx, hashes
                FROM UNNEST(
                    \(tiles.map { Int64($0.position.level) })::bigint[], \(tiles.map(\.position.index))::bigint[],
                    \(tiles.map { ByteBuffer(bytes: $0.bytes) })::bytea[]
                ) AS tile(level, idx, hashes)
                ON CONFLICT (\(unescaped: key), level, idx) DO UPDATE SET hashes = excluded.hashes
                    WHERE length(excluded.hashes) > length(\(unescaped: table).hashes)
                """
            )
        }
    }

    public func logTiles(of log: StoredLog, at positions: [MerkleTilePosition]) async throws(KioskError) -> [MerkleTile] {
        guard !positions.isEmpty else { return [] }
        let (table, key, value) = log.tileRows
        return try await failing("read failed") {
            try await query(
                """
                SELECT level, idx, hashes FROM \(unescaped: table)
                WHERE \(unescaped: key) = \(value) AND (level, idx) IN (
                    SELECT * FROM UNNEST(\(positions.map { Int64($0.level) })::bigint[], \(positions.map(\.index))::bigint[])
                )
                """
            ).decode((Int64, Int64, ByteBuffer).self).map { try Self.tile(level: $0, index: $1, hashes: $2, of: log) }
        }
    }

    public func allLogTiles(of log: StoredLog) async throws(KioskError) -> [MerkleTile] {
        let (table, key, value) = log.tileRows
        return try await failing("read failed") {
            try await query("SELECT level, idx, hashes FROM \(unescaped: table) WHERE \(unescaped: key) = \(value)")
                .decode((Int64, Int64, ByteBuffer).self).map { try Self.tile(level: $0, index: $1, hashes: $2, of: log) }
        }
    }

    private static func tile(level: Int64, index: Int64, hashes: ByteBuffer, of log: StoredLog) throws(KioskError) -> MerkleTile {
        guard let tile = MerkleTile(position: MerkleTilePosition(level: Int(level), index: index), bytes: Array(hashes.readableBytesView)) else {
            throw KioskError(.dataError, "the stored tile of \(log.description) at level \(level), index \(index) is not whole hashes")
        }
        return tile
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
