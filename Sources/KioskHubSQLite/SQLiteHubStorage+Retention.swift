public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension SQLiteHubStorage {
    public func eventKiosks() async throws(KioskError) -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT kiosk_id FROM event ORDER BY kiosk_id") }
    }

    public func removeEvents(kiosk kioskID: String, throughSeq: Int64, before cutoff: Date, limit: Int) async throws(KioskError) -> Int {
        try await database.write { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, seq FROM event WHERE kiosk_id = ?1 AND seq <= ?2 AND occurred_at < ?3 AND received_at < ?3 ORDER BY seq LIMIT ?4",
                arguments: [kioskID, throughSeq, cutoff.storeMillis, limit]
            )
            let event = try db.cachedStatement(sql: "DELETE FROM event WHERE id = ?")
            let correction = try db.cachedStatement(sql: "DELETE FROM event_correction WHERE event_id = ?")
            let removedLeaf = try db.cachedStatement(sql: "INSERT INTO kiosk_log_removed (kiosk_id, seq) VALUES (?, ?) ON CONFLICT DO NOTHING")
            for row in rows {
                let id: String = row["id"]
                try event.execute(arguments: [id])
                try correction.execute(arguments: [id])
                try removedLeaf.execute(arguments: [kioskID, row["seq"]])
            }
            return rows.count
        }
    }
}
