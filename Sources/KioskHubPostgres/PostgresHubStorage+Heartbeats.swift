public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func keepHeartbeat(_ heartbeat: String, kioskID: String, property: String, at instant: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO kiosk_contact (kiosk_id, property_id, last_seen_at, heartbeat, heartbeat_at)
                VALUES (\(kioskID), \(property), \(instant.storeMillis), \(heartbeat), \(instant.storeMillis))
                ON CONFLICT (kiosk_id) DO UPDATE SET property_id = excluded.property_id,
                    last_seen_at = GREATEST(kiosk_contact.last_seen_at, excluded.last_seen_at),
                    heartbeat = excluded.heartbeat, heartbeat_at = excluded.heartbeat_at
                WHERE kiosk_contact.heartbeat_at IS NULL OR kiosk_contact.heartbeat_at <= excluded.heartbeat_at
                """
            )
        }
    }

    public func heartbeats(property: String) async throws(KioskError) -> [String: StoredHeartbeat] {
        try await failing("read failed") {
            var heartbeats: [String: StoredHeartbeat] = [:]
            for (kiosk, json, receivedAt) in try await query(
                "SELECT kiosk_id, heartbeat, heartbeat_at FROM kiosk_contact WHERE property_id = \(property) AND heartbeat IS NOT NULL"
            ).decode((String, String, Int64).self) {
                heartbeats[kiosk] = StoredHeartbeat(json: json, receivedAt: Date(storeMillis: receivedAt))
            }
            return heartbeats
        }
    }
}
