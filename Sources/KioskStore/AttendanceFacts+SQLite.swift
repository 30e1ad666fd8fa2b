public import Foundation
public import GRDB
public import KioskCore

/// Reading attendance facts from a store's `event` table (the journal's or the hub's SQLite one).
extension AttendanceFacts {
    /// Reads the facts of the instants [`start`, `end`) under `policy` from the rows of `scope`: a day's report reads
    /// from the start of the day to its evaluation instant, a monthly sheet from the start of its first day to the
    /// evaluation instant of its last.
    public init(_ db: Database, from start: Date, to end: Date, policy: AttendancePolicy, scope: StoreScope = .whole) throws {
        let students = try RosterTables.activeStudents(scope: scope, db)
        let latest = try Self.latestAcceptedTaps(db, before: start, scope: scope)
        let reads = try Row.fetchAll(
            db,
            sql: """
                SELECT id, student_id, uid, direction, outcome, occurred_at FROM event
                WHERE occurred_at >= ? AND occurred_at < ? AND outcome IN ('accepted', 'unknown')\(scope.condition())
                """,
            arguments: [start.addingTimeInterval(-Double(policy.debounceSeconds)).storeMillis, end.storeMillis] + scope.arguments
        ).map { row in
            DayRead(
                id: EventID(rawValue: row["id"]),
                outcome: EventOutcome(rawValue: row["outcome"]) ?? .ignored,
                studentID: row["student_id"],
                uid: row["uid"],
                direction: (row["direction"] as String?).flatMap(Direction.init(rawValue:)),
                occurredAt: Date(storeMillis: row["occurred_at"])
            )
        }
        let unsynchronised =
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM event WHERE occurred_at >= ? AND occurred_at < ? AND clock_synced = 0\(scope.condition())",
                arguments: [start.storeMillis, end.storeMillis] + scope.arguments
            ) ?? 0
        let passes = try LeavePassTable.passes(scope: scope, from: start, through: end, db)
        self.init(
            students: students,
            latestBeforeDay: latest,
            reads: reads,
            passes: passes,
            start: start,
            unsynchronisedClockReads: unsynchronised
        )
    }

    /// Every active student's latest accepted tap strictly before `instant` (their state then), in one statement:
    /// for each student one seek backwards in an index of events by student and time, then the row it names.
    static func latestAcceptedTaps(_ db: Database, before instant: Date, scope: StoreScope) throws -> [AcceptedTap] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT event.id, event.student_id, event.occurred_at, event.direction
                FROM student JOIN event ON event.rowid = (
                    SELECT prior.rowid FROM event AS prior
                    WHERE prior.student_id = student.id AND prior.outcome = 'accepted' AND prior.occurred_at < ?
                        AND prior.direction IN ('in', 'out')\(scope.sameProperty("prior", "student"))
                    ORDER BY prior.occurred_at DESC, prior.id DESC LIMIT 1
                )
                WHERE student.status = 'active'\(scope.condition("student"))
                """,
            arguments: [instant.storeMillis] + scope.arguments
        ).compactMap(acceptedTap)
    }

    /// The student's latest accepted tap at or before `instant`: what the debounce of a read at `instant` looks at.
    public static func latestAcceptedTap(_ db: Database, studentID: String, atOrBefore instant: Date) throws -> AcceptedTap? {
        // Prepared once per connection: it is on the path of every tap.
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id, student_id, occurred_at, direction FROM event
                    WHERE student_id = ? AND outcome = 'accepted' AND occurred_at <= ?
                    ORDER BY occurred_at DESC, id DESC LIMIT 1
                    """
            ),
            arguments: [studentID, instant.storeMillis]
        ).flatMap(acceptedTap)
    }

    /// An accepted tap's row; nil when its direction is not one a kiosk records (it changes no state).
    private static func acceptedTap(_ row: Row) -> AcceptedTap? {
        guard let studentID: String = row["student_id"], let direction = Direction(rawValue: row["direction"] ?? "") else { return nil }
        return AcceptedTap(
            studentID: studentID,
            occurredAt: Date(storeMillis: row["occurred_at"]),
            direction: direction,
            eventID: EventID(rawValue: row["id"])
        )
    }
}
