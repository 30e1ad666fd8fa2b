public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension SQLiteHubStorage {
    public func addCorrections(_ corrections: [ReadCorrection], kiosk kioskID: String) async throws(KioskError) -> [EventID] {
        try await database.write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO event_correction (event_id, corrected_at)
                    SELECT id, ? FROM event WHERE id = ? AND kiosk_id = ? ON CONFLICT DO NOTHING
                    """
            )
            let held = try db.cachedStatement(
                sql: "SELECT 1 FROM event_correction JOIN event ON event.id = event_correction.event_id WHERE event_id = ? AND kiosk_id = ?"
            )
            return try corrections.compactMap { correction in
                try insert.execute(arguments: [correction.correctedAt.storeMillis, correction.eventID.rawValue, kioskID])
                return try Bool.fetchOne(held, arguments: [correction.eventID.rawValue, kioskID]) == true ? correction.eventID : nil
            }
        }
    }

    public func corrections(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: Date] {
        guard !ids.isEmpty else { return [:] }
        return try await database.read { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM event_correction)") == true else { return [:] }
            let select = try db.cachedStatement(sql: "SELECT corrected_at FROM event_correction WHERE event_id = ?")
            var corrections: [EventID: Date] = [:]
            for id in ids {
                if let millis = try Int64.fetchOne(select, arguments: [id.rawValue]) { corrections[id] = Date(storeMillis: millis) }
            }
            return corrections
        }
    }
}
