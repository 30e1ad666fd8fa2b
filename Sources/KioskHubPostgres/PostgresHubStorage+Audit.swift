public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskLog
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func appendAuditEntry(_ entry: AuditEntry) async throws(KioskError) -> AuditEntry {
        try await failing("write failed") {
            try await transaction { connection in
                // Hub processes appending to one property's audit log take its seqs one after another.
                try await run("SELECT pg_advisory_xact_lock(hashtextextended('kiosk-hub audit ' || \(entry.property), 0))", on: connection)
                let seq = try await run(
                    """
                    INSERT INTO audit_entry (property_id, seq, id, at, actor, action, subject, detail)
                    SELECT \(entry.property), COALESCE(MAX(seq), 0) + 1, \(entry.id), \(entry.at.storeMillis), \(entry.actor), \(entry.action),
                        \(entry.subject), \(entry.detail)
                    FROM audit_entry WHERE property_id = \(entry.property)
                    RETURNING seq
                    """,
                    on: connection
                ).decode(Int64.self).first
                var stored = entry
                stored.seq = seq ?? 0
                return stored
            }
        }
    }

    public func auditEntries(property: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [AuditEntry] {
        try await failing("read failed") {
            try await query(
                """
                SELECT seq, id, at, actor, action, subject, detail, encode(leaf_hash, 'base64') FROM audit_entry
                WHERE property_id = \(property) AND seq >= \(seq) ORDER BY seq LIMIT \(limit)
                """
            ).decode((Int64, String, Int64, String, String, String, String, String?).self).map {
                seq,
                id,
                at,
                actor,
                action,
                subject,
                detail,
                leafHash in
                AuditEntry(
                    id: id,
                    property: property,
                    seq: seq,
                    at: Date(storeMillis: at),
                    actor: actor,
                    action: action,
                    subject: subject,
                    detail: detail,
                    removedLeafHash: leafHash.flatMap(MerkleHash.init(base64:))
                )
            }
        }
    }

    public func auditedProperties() async throws(KioskError) -> [String] {
        try await failing("read failed") {
            try await query("SELECT DISTINCT property_id FROM audit_entry ORDER BY property_id").decode(String.self)
        }
    }

    public func auditLogsAhead() async throws(KioskError) -> [String] {
        try await failing("read failed") {
            try await query(
                """
                SELECT entry.property_id FROM (SELECT property_id, MAX(seq) AS size FROM audit_entry GROUP BY property_id) AS entry
                LEFT JOIN audit_log ON audit_log.property_id = entry.property_id
                WHERE entry.size > COALESCE(audit_log.size, 0) ORDER BY entry.property_id
                """
            ).decode(String.self)
        }
    }

    public func auditCheckpoint(property: String) async throws(KioskError) -> AuditCheckpoint? {
        try await failing("read failed") {
            try await query("SELECT size, checkpoint FROM audit_log WHERE property_id = \(property)")
                .decode((Int64, String).self).first.map { AuditCheckpoint(size: $0, text: $1) }
        }
    }

    public func storeAuditCheckpoint(_ checkpoint: AuditCheckpoint, property: String, at instant: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO audit_log (property_id, size, checkpoint, signed_at)
                VALUES (\(property), \(checkpoint.size), \(checkpoint.text), \(instant.storeMillis))
                ON CONFLICT (property_id) DO UPDATE SET size = excluded.size, checkpoint = excluded.checkpoint, signed_at = excluded.signed_at
                WHERE excluded.size > audit_log.size
                """
            )
        }
    }
}
