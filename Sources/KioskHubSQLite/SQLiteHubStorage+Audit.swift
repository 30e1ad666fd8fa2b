public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskLog
import KioskStore

extension SQLiteHubStorage {
    public func appendAuditEntry(_ entry: AuditEntry) async throws(KioskError) -> AuditEntry {
        try await database.write { db in
            // One statement reads the last seq and writes the next under the same write lock.
            let seq = try Int64.fetchOne(
                db,
                sql: """
                    INSERT INTO audit_entry (property_id, seq, id, at, actor, action, subject, detail)
                    SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ? FROM audit_entry WHERE property_id = ?
                    RETURNING seq
                    """,
                arguments: [
                    entry.property, entry.id, entry.at.storeMillis, entry.actor, entry.action, entry.subject, entry.detail, entry.property,
                ]
            )
            var stored = entry
            stored.seq = seq ?? 0
            return stored
        }
    }

    public func auditEntries(property: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [AuditEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, id, at, actor, action, subject, detail, leaf_hash FROM audit_entry
                    WHERE property_id = ? AND seq >= ? ORDER BY seq LIMIT ?
                    """,
                arguments: [property, seq, limit]
            ).map { row in
                AuditEntry(
                    id: row["id"],
                    property: property,
                    seq: row["seq"],
                    at: Date(storeMillis: row["at"]),
                    actor: row["actor"],
                    action: row["action"],
                    subject: row["subject"],
                    detail: row["detail"],
                    removedLeafHash: (row["leaf_hash"] as Data?).flatMap { MerkleHash(bytes: Array($0)) }
                )
            }
        }
    }

    public func auditedProperties() async throws(KioskError) -> [String] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT property_id FROM audit_entry ORDER BY property_id")
        }
    }

    public func auditLogsAhead() async throws(KioskError) -> [String] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT entry.property_id FROM (SELECT property_id, MAX(seq) AS size FROM audit_entry GROUP BY property_id) AS entry
                    LEFT JOIN audit_log ON audit_log.property_id = entry.property_id
                    WHERE entry.size > COALESCE(audit_log.size, 0) ORDER BY entry.property_id
                    """
            )
        }
    }

    public func auditCheckpoint(property: String) async throws(KioskError) -> AuditCheckpoint? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT size, checkpoint FROM audit_log WHERE property_id = ?", arguments: [property]).map { row in
                AuditCheckpoint(size: row["size"], text: row["checkpoint"])
            }
        }
    }

    public func storeAuditCheckpoint(_ checkpoint: AuditCheckpoint, property: String, at instant: Date) async throws(KioskError) {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO audit_log (property_id, size, checkpoint, signed_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(property_id) DO UPDATE SET size = excluded.size, checkpoint = excluded.checkpoint, signed_at = excluded.signed_at
                    WHERE excluded.size > audit_log.size
                    """,
                arguments: [property, checkpoint.size, checkpoint.text, instant.storeMillis]
            )
        }
    }
}
