import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func events(property: String, matching filter: EventFilter, limit: Int) async throws(KioskError) -> [EventRecord] {
        try await database.read { db in
            var sql = "SELECT \(EventColumns.names) FROM event WHERE property_id = ?"
            var arguments: StatementArguments = [property]
            if let studentID = filter.studentID {
                sql += " AND student_id = ?"
                arguments += [studentID]
            }
            if let kioskID = filter.kioskID {
                sql += " AND kiosk_id = ?"
                arguments += [kioskID]
            }
            if let since = filter.since {
                sql += " AND occurred_at >= ?"
                arguments += [since.storeMillis]
            }
            sql += filter.studentID == nil ? " ORDER BY cursor DESC LIMIT ?" : " ORDER BY occurred_at DESC, cursor DESC LIMIT ?"
            arguments += [limit]
            return try EventColumns.records(db, sql: sql, arguments: arguments)
        }
    }

    public func highestSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM event WHERE kiosk_id = ?", arguments: [kioskID]) ?? 0 }
    }

    public func heldThroughSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64 {
        try await database.read { db in
            // The leaves of the stored tree hold seq 1 to its size, events retention removed included.
            let leaves =
                try Int64.fetchOne(
                    db,
                    sql: "SELECT idx * 256 + length(hashes) / 32 FROM kiosk_log_tile WHERE kiosk_id = ? AND level = 0 ORDER BY idx DESC LIMIT 1",
                    arguments: [kioskID]
                ) ?? 0
            // Counting reads the (kiosk, seq) index once: with no gap the count is the highest seq less the leaves.
            let row = try Row.fetchOne(
                db,
                sql: "SELECT COUNT(*) AS held, MAX(seq) AS highest FROM event WHERE kiosk_id = ? AND seq > ?",
                arguments: [kioskID, leaves]
            )
            let (count, highest): (Int64, Int64) = (row?["held"] ?? 0, row?["highest"] ?? leaves)
            if count == highest - leaves { return highest }
            return try Int64.fetchOne(db, sql: Self.firstGapSQL, arguments: [kioskID, leaves]) ?? leaves
        }
    }

    public func latestCursor() async throws(KioskError) -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(cursor) FROM event") ?? 0 }
    }

    /// The seq before the first one missing of a kiosk's events after the first `leaves` (`?1` the kiosk, `?2` the
    /// leaves), `leaves` when the one after them is missing.
    static let firstGapSQL = """
        SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM event WHERE kiosk_id = ?1 AND seq = ?2 + 1) THEN ?2 ELSE (
            SELECT MIN(seq) FROM event AS held WHERE kiosk_id = ?1 AND seq > ?2
                AND NOT EXISTS (SELECT 1 FROM event AS next WHERE next.kiosk_id = held.kiosk_id AND next.seq = held.seq + 1)
        ) END
        """

    public func updateStudent(_ student: Student, property: String) async throws(KioskError) -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE student SET name = ?, room = ?, status = ? WHERE property_id = ? AND id = ?",
                arguments: [student.name, student.room, student.status.rawValue, property, student.id]
            )
            return db.changesCount == 1
        }
    }

    public func removeTag(_ uid: TagUID, property: String) async throws(KioskError) -> String? {
        try await database.write { db in
            let owner = try String.fetchOne(db, sql: "SELECT student_id FROM tag WHERE property_id = ? AND uid = ?", arguments: [property, uid.hex])
            try db.execute(sql: "DELETE FROM tag WHERE property_id = ? AND uid = ?", arguments: [property, uid.hex])
            return owner
        }
    }
}
