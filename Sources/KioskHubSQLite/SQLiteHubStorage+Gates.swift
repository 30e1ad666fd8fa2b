public import Foundation
import GRDB
public import KioskCore
import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func noteContact(kioskID: String, property: String, at instant: Date) async throws(KioskError) {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO kiosk_contact (kiosk_id, property_id, last_seen_at) VALUES (?, ?, ?)
                    ON CONFLICT(kiosk_id) DO UPDATE SET property_id = excluded.property_id, last_seen_at = MAX(last_seen_at, excluded.last_seen_at)
                    """,
                arguments: [kioskID, property, instant.storeMillis]
            )
        }
    }

    public func gates(property: String) async throws(KioskError) -> [(kioskID: String, lastSeen: Date?)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT kiosk_id, MAX(last_seen_at) AS last_seen FROM (
                        SELECT kiosk_id, NULL AS last_seen_at FROM token WHERE role = 'kiosk' AND property_id = ?
                        UNION ALL SELECT kiosk_id, last_seen_at FROM kiosk_contact WHERE property_id = ?
                    ) GROUP BY kiosk_id ORDER BY kiosk_id
                    """,
                arguments: [property, property]
            ).map { row in (row["kiosk_id"], (row["last_seen"] as Int64?).map(Date.init(storeMillis:))) }
        }
    }
}
