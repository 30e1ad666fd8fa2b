import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func events(property: String, matching filter: EventFilter, limit: Int) async throws(KioskError) -> [EventRecord] {
        try await failing("read failed") {
            let rows: [PostgresRow]
            if let studentID = filter.studentID {
                rows = try await query(
                    """
                    SELECT \(unescaped: Self.eventColumns) FROM event
                    WHERE property_id = \(property) AND student_id = \(studentID) AND occurred_at >= \(filter.since?.storeMillis ?? Int64.min)
                    ORDER BY occurred_at DESC, cursor DESC LIMIT \(limit)
                    """
                )
            } else {
                rows = try await query(
                    """
                    SELECT \(unescaped: Self.eventColumns) FROM event
                    WHERE property_id = \(property) AND occurred_at >= \(filter.since?.storeMillis ?? Int64.min)
                        AND (\(filter.kioskID)::text IS NULL OR kiosk_id = \(filter.kioskID))
                    ORDER BY cursor DESC LIMIT \(limit)
                    """
                )
            }
            return try Self.positionedRecords(rows).map(\.record)
        }
    }

    public func highestSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64 {
        try await failing("read failed") {
            var highest: Int64 = 0
            for value in try await query("SELECT COALESCE(MAX(seq), 0) FROM event WHERE kiosk_id = \(kioskID)").decode(Int64.self) {
                highest = value
            }
            return highest
        }
    }

    public func heldThroughSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64 {
        try await failing("read failed") {
            var held: Int64 = 0
            for value in try await query(
                """
                WITH tree AS (
                    SELECT COALESCE((SELECT idx * 256 + length(hashes) / 32 FROM kiosk_log_tile WHERE kiosk_id = \(kioskID) AND level = 0 ORDER BY idx DESC LIMIT 1), 0) AS leaves
                )
                SELECT CASE WHEN COUNT(event.seq) = COALESCE(MAX(event.seq), tree.leaves) - tree.leaves THEN COALESCE(MAX(event.seq), tree.leaves)
                    WHEN NOT EXISTS (SELECT 1 FROM event WHERE kiosk_id = \(kioskID) AND seq = tree.leaves + 1) THEN tree.leaves
                    ELSE (SELECT MIN(seq) FROM event AS held WHERE kiosk_id = \(kioskID) AND seq > tree.leaves
                        AND NOT EXISTS (SELECT 1 FROM event AS next WHERE next.kiosk_id = held.kiosk_id AND next.seq = held.seq + 1))
                    END
                FROM tree LEFT JOIN event ON event.kiosk_id = \(kioskID) AND event.seq > tree.leaves
                GROUP BY tree.leaves
                """
            ).decode(Int64.self) {
                held = value
            }
            return held
        }
    }

    public func latestCursor() async throws(KioskError) -> Int64 {
        try await failing("read failed") {
            var latest: Int64 = 0
            for value in try await query("SELECT COALESCE(MAX(cursor), 0) FROM event").decode(Int64.self) { latest = value }
            return latest
        }
    }

    public func updateStudent(_ student: Student, property: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            !(try await query(
                """
                UPDATE student SET name = \(student.name), room = \(student.room), status = \(student.status.rawValue)
                WHERE property_id = \(property) AND id = \(student.id) RETURNING id
                """
            ).isEmpty)
        }
    }

    public func removeTag(_ uid: TagUID, property: String) async throws(KioskError) -> String? {
        try await failing("write failed") {
            try await query("DELETE FROM tag WHERE property_id = \(property) AND uid = \(uid.hex) RETURNING student_id").decode(String.self).first
        }
    }
}
