public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func eventKiosks() async throws(KioskError) -> [String] {
        try await failing("read failed") {
            try await query("SELECT DISTINCT kiosk_id FROM event ORDER BY kiosk_id").decode(String.self)
        }
    }

    public func removeEvents(kiosk kioskID: String, throughSeq: Int64, before cutoff: Date, limit: Int) async throws(KioskError) -> Int {
        try await failing("write failed") {
            let removed = try await query(
                """
                WITH gone AS (
                    DELETE FROM event WHERE cursor IN (
                        SELECT cursor FROM event WHERE kiosk_id = \(kioskID) AND seq <= \(throughSeq) AND occurred_at < \(cutoff.storeMillis) AND received_at < \(cutoff.storeMillis)
                        ORDER BY seq LIMIT \(limit)
                    ) RETURNING id, seq
                ), corrections AS (
                    DELETE FROM event_correction WHERE event_id IN (SELECT id FROM gone)
                ), leaves AS (
                    INSERT INTO kiosk_log_removed (kiosk_id, seq) SELECT \(kioskID), seq FROM gone ON CONFLICT DO NOTHING
                )
                SELECT COUNT(*) FROM gone
                """
            ).decode(Int64.self)
            return Int(removed.first ?? 0)
        }
    }
}
