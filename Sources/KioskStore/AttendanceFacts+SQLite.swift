public import Foundation
public import GRDB
public import KioskCore

/// Reading the facts of one attendance day from a store's `event` table (the journal's or the hub's SQLite one).
extension AttendanceFacts {
    /// Reads the facts of `date` evaluated at `evaluatedAt` under `policy`, from the rows of `scope`.
    public init(_ db: Database, date: AttendanceDate, evaluatedAt: Date, policy: AttendancePolicy, scope: StoreScope = .whole) throws {
        let start = policy.start(of: date)
        let students = try RosterTables.activeStudents(scope: scope, db)
        let latest = try students.compactMap { try Self.latestAcceptedTap(db, studentID: $0.id, comparison: "<", instant: start, scope: scope) }
        let reads = try Row.fetchAll(
            db,
            sql: """
                SELECT id, student_id, uid, direction, outcome, occurred_at FROM event
                WHERE occurred_at >= ? AND occurred_at < ? AND outcome IN ('accepted', 'unknown')\(scope.condition())
                """,
            arguments: [start.addingTimeInterval(-Double(policy.debounceSeconds)).storeMillis, evaluatedAt.storeMillis] + scope.arguments
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
                arguments: [start.storeMillis, evaluatedAt.storeMillis] + scope.arguments
            ) ?? 0
        let passes = try LeavePassTable.passes(scope: scope, from: start, through: evaluatedAt, db)
        self.init(
            students: students,
            latestBeforeDay: latest,
            reads: reads,
            passes: passes,
            start: start,
            unsynchronisedClockReads: unsynchronised
        )
    }

    /// The student's latest accepted tap strictly before `instant`: their state at that instant.
    public static func latestAcceptedTap(_ db: Database, studentID: String, before instant: Date) throws -> AcceptedTap? {
        try latestAcceptedTap(db, studentID: studentID, comparison: "<", instant: instant)
    }

    /// The student's latest accepted tap at or before `instant`: what the debounce of a read at `instant` looks at.
    public static func latestAcceptedTap(_ db: Database, studentID: String, atOrBefore instant: Date) throws -> AcceptedTap? {
        try latestAcceptedTap(db, studentID: studentID, comparison: "<=", instant: instant)
    }

    private static func latestAcceptedTap(
        _ db: Database,
        studentID: String,
        comparison: String,
        instant: Date,
        scope: StoreScope = .whole
    ) throws -> AcceptedTap? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT id, student_id, occurred_at, direction FROM event
                WHERE student_id = ? AND outcome = 'accepted' AND occurred_at \(comparison) ?\(scope.condition())
                ORDER BY occurred_at DESC, id DESC LIMIT 1
                """,
            arguments: [studentID, instant.storeMillis] + scope.arguments
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
