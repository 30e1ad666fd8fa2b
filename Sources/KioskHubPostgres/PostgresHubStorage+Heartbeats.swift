import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func keepHeartbeats(_ heartbeats: [ReceivedHeartbeat]) async throws(KioskError) {
        guard !heartbeats.isEmpty else { return }
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO kiosk_contact (kiosk_id, property_id, last_seen_at, heartbeat, heartbeat_at)
                SELECT kiosk_id, property_id, received_at, heartbeat, received_at
                FROM UNNEST(\(heartbeats.map(\.kioskID))::text[], \(heartbeats.map(\.property))::text[],
                    \(heartbeats.map(\.receivedAt.storeMillis))::bigint[], \(heartbeats.map(\.json))::text[])
                    AS received(kiosk_id, property_id, received_at, heartbeat)
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
