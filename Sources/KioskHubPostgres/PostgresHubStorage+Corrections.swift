public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addCorrections(_ corrections: [ReadCorrection], kiosk kioskID: String) async throws(KioskError) -> [EventID] {
        guard !corrections.isEmpty else { return [] }
        let ids = corrections.map(\.eventID.rawValue)
        return try await failing("write failed") {
            try await transaction { connection in
                try await run(
                    """
                    INSERT INTO event_correction (event_id, corrected_at)
                    SELECT event.id, correction.corrected_at
                    FROM UNNEST(\(ids)::text[], \(corrections.map(\.correctedAt.storeMillis))::bigint[]) AS correction(event_id, corrected_at)
                    JOIN event ON event.id = correction.event_id AND event.kiosk_id = \(kioskID)
                    ON CONFLICT DO NOTHING
                    """,
                    on: connection
                )
                return try await run(
                    """
                    SELECT event_correction.event_id FROM event_correction JOIN event ON event.id = event_correction.event_id
                    WHERE event_correction.event_id = ANY(\(ids)::text[]) AND event.kiosk_id = \(kioskID)
                    """,
                    on: connection
                ).decode(String.self).map(EventID.init(rawValue:))
            }
        }
    }

    public func corrections(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: Date] {
        guard !ids.isEmpty else { return [:] }
        return try await failing("read failed") {
            var corrections: [EventID: Date] = [:]
            for (id, millis) in try await query(
                "SELECT event_id, corrected_at FROM event_correction WHERE event_id = ANY(\(ids.map(\.rawValue))::text[])"
            ).decode((String, Int64).self) {
                corrections[EventID(rawValue: id)] = Date(storeMillis: millis)
            }
            return corrections
        }
    }
}
