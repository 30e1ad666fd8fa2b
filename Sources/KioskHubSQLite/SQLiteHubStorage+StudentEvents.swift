import GRDB
public import KioskCore
import KioskStore

extension SQLiteHubStorage {
    public func events(property: String, ofStudent studentID: String, orUIDs uids: [String]) async throws(KioskError) -> [EventRecord] {
        try await database.read { db in
            try EventColumns.records(
                db,
                sql: """
                    SELECT \(EventColumns.names) FROM event
                    WHERE property_id = ? AND (student_id = ? OR uid IN (\(databaseQuestionMarks(count: uids.count))))
                    ORDER BY occurred_at, cursor
                    """,
                arguments: StatementArguments([property, studentID] + uids)
            )
        }
    }
}
