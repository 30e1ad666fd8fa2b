import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// The last `limit` reads and manual entries, most recently recorded first, as the live summary lists them.
    public func recentTaps(limit: Int) async throws(KioskError) -> [RecordedTap] {
        try await read { db in try Self.recentTaps(db, limit: limit) }
    }

    /// The day `date` as a summary kept in memory starts from it, read in one transaction: the day's facts up to its
    /// end (reads recorded ahead of the clock too) and the last `recentLimit` reads.
    public func liveDay(
        on date: AttendanceDate,
        rules: AttendanceRules,
        recentLimit: Int
    ) async throws(KioskError) -> (
        facts: AttendanceFacts, recent: [RecordedTap]
    ) {
        try await read { db in
            let facts = try AttendanceFacts(db, from: rules.policy.start(of: date), to: rules.policy.end(of: date), policy: rules.policy)
            return (facts, try Self.recentTaps(db, limit: recentLimit))
        }
    }

    private static func recentTaps(_ db: Database, limit: Int) throws -> [RecordedTap] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT event.id, event.uid, event.direction, event.outcome, event.occurred_at, event.student_id,
                       student.name, student.room, student.status
                FROM event LEFT JOIN student ON student.id = event.student_id
                ORDER BY event.rowid DESC LIMIT ?
                """,
            arguments: [limit]
        )
        return try rows.map { row in
            let occurredAt = Date(storeMillis: row["occurred_at"])
            let outcome: TapOutcome =
                switch (row["outcome"] as String, row["direction"] as String?) {
                case ("accepted", "in"): .in
                case ("accepted", _): .out
                case ("ignored", _): .ignored
                default: .unknown
                }
            let student = (row["student_id"] as String?).flatMap { id in
                (row["name"] as String?).map {
                    Student(id: id, name: $0, room: row["room"] ?? "", status: StudentStatus(rawValue: row["status"] ?? "") ?? .active)
                }
            }
            let previous =
                outcome == .ignored
                ? try student.flatMap { try AttendanceFacts.latestAcceptedTap(db, studentID: $0.id, atOrBefore: occurredAt) } : nil
            return RecordedTap(
                eventID: EventID(rawValue: row["id"]),
                outcome: outcome,
                uid: (row["uid"] as String?).flatMap { try? TagUID(parsing: $0) },
                student: student,
                occurredAt: occurredAt,
                previous: previous,
                pass: try LeavePassTable.pass(covering: outcome, of: student?.id, at: occurredAt, db)
            )
        }
    }
}
