public import KioskCore
import PostgresNIO

extension PostgresHubStorage {
    public func events(property: String, ofStudent studentID: String, orUIDs uids: [String]) async throws(KioskError) -> [EventRecord] {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT \(unescaped: Self.eventColumns) FROM event
                WHERE property_id = \(property) AND (student_id = \(studentID) OR uid = ANY(\(uids)::text[]))
                ORDER BY occurred_at, cursor
                """
            )
            return try Self.positionedRecords(rows).map(\.record)
        }
    }
}
