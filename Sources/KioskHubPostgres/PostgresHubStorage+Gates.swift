public import Foundation
public import KioskCore
import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func noteContact(kioskID: String, property: String, at instant: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO kiosk_contact (kiosk_id, property_id, last_seen_at) VALUES (\(kioskID), \(property), \(instant.storeMillis))
                ON CONFLICT (kiosk_id) DO UPDATE SET property_id = excluded.property_id,
                    last_seen_at = GREATEST(kiosk_contact.last_seen_at, excluded.last_seen_at)
                """
            )
        }
    }

    public func gates(property: String) async throws(KioskError) -> [(kioskID: String, lastSeen: Date?)] {
        try await failing("read failed") {
            var gates: [(kioskID: String, lastSeen: Date?)] = []
            for (kiosk, lastSeen) in try await query(
                """
                SELECT kiosk_id, MAX(last_seen_at) FROM (
                    SELECT kiosk_id, NULL::BIGINT AS last_seen_at FROM token WHERE role = 'kiosk' AND property_id = \(property)
                    UNION ALL SELECT kiosk_id, last_seen_at FROM kiosk_contact WHERE property_id = \(property)
                ) AS gate GROUP BY kiosk_id ORDER BY kiosk_id
                """
            ).decode((String, Int64?).self) {
                gates.append((kiosk, lastSeen.map(Date.init(storeMillis:))))
            }
            return gates
        }
    }
}
