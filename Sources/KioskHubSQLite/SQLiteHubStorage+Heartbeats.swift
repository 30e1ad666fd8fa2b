import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func keepHeartbeats(_ heartbeats: [ReceivedHeartbeat]) async throws(KioskError) {
        guard !heartbeats.isEmpty else { return }
        try await database.write { db in
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO kiosk_contact (kiosk_id, property_id, last_seen_at, heartbeat, heartbeat_at) VALUES (?1, ?2, ?3, ?4, ?3)
                    ON CONFLICT(kiosk_id) DO UPDATE SET property_id = excluded.property_id,
                        last_seen_at = MAX(last_seen_at, excluded.last_seen_at),
                        heartbeat = excluded.heartbeat, heartbeat_at = excluded.heartbeat_at
                    WHERE heartbeat_at IS NULL OR heartbeat_at <= excluded.heartbeat_at
                    """
            )
            for heartbeat in heartbeats {
                try upsert.execute(arguments: [heartbeat.kioskID, heartbeat.property, heartbeat.receivedAt.storeMillis, heartbeat.json])
            }
        }
    }

    public func heartbeats(property: String) async throws(KioskError) -> [String: StoredHeartbeat] {
        try await database.read { db in
            var heartbeats: [String: StoredHeartbeat] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT kiosk_id, heartbeat, heartbeat_at FROM kiosk_contact WHERE property_id = ? AND heartbeat IS NOT NULL",
                arguments: [property]
            ) {
                heartbeats[row["kiosk_id"]] = StoredHeartbeat(json: row["heartbeat"], receivedAt: Date(storeMillis: row["heartbeat_at"]))
            }
            return heartbeats
        }
    }
}
