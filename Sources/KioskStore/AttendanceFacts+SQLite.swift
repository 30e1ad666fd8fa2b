public import Foundation
public import GRDB
public import KioskCore

/// Reading attendance facts from a store's `event` table (the journal's or the hub's SQLite one).
extension AttendanceFacts {
    /// Reads the facts of the instants [`start`, `end`) under `policy` from the rows of `scope`: a day's report reads
    /// from the start of the day to its evaluation instant, a monthly sheet from the start of its first day to the
    /// evaluation instant of its last. Its statements are prepared once per connection: a chain's summary and its alert
    /// decisions read the day of every property, and preparing them cost as much as running them (P16).
    public init(_ db: Database, from start: Date, to end: Date, policy: AttendancePolicy, scope: StoreScope = .whole) throws {
        let students =
            try RosterTables.activeStudents(scope: scope, db)
            + String.fetchAll(
                db.cachedStatement(sql: "SELECT pseudonym FROM erased_student WHERE erased_at > ?\(scope.condition()) ORDER BY pseudonym"),
                arguments: [start.storeMillis] + scope.arguments
            ).map(StudentErasure.reportedStudent)
        let latest = try Self.latestAcceptedTaps(db, before: start, scope: scope)
        let readsFrom = start.addingTimeInterval(-Double(policy.debounceSeconds)).storeMillis
        // A read whose time was corrected counts at its corrected time only.
        let reads =
            try Self.dayReads(
                db,
                sql: """
                    SELECT id, student_id, uid, direction, outcome, occurred_at, reason FROM event
                    WHERE occurred_at >= ? AND occurred_at < ? AND outcome IN ('accepted', 'unknown', 'refused')\(scope.condition())
                        AND NOT \(Self.corrected("event"))
                    """,
                arguments: [readsFrom, end.storeMillis] + scope.arguments
            )
            + Self.dayReads(
                db,
                sql: """
                    SELECT event.id, event.student_id, event.uid, event.direction, event.outcome, event_correction.corrected_at AS occurred_at, event.reason
                    FROM event_correction JOIN event ON event.id = event_correction.event_id
                    WHERE event_correction.corrected_at >= ? AND event_correction.corrected_at < ?
                        AND event.outcome IN ('accepted', 'unknown', 'refused')\(scope.condition("event"))
                    """,
                arguments: [readsFrom, end.storeMillis] + scope.arguments
            )
        let unsynchronised =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT COUNT(*) FROM event WHERE occurred_at >= ? AND occurred_at < ? AND clock_synced = 0\(scope.condition())
                            AND NOT \(Self.corrected("event"))
                        """
                ),
                arguments: [start.storeMillis, end.storeMillis] + scope.arguments
            ) ?? 0
        let corrected =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT COUNT(*) FROM event_correction JOIN event ON event.id = event_correction.event_id
                        WHERE event_correction.corrected_at >= ? AND event_correction.corrected_at < ?\(scope.condition("event"))
                        """
                ),
                arguments: [start.storeMillis, end.storeMillis] + scope.arguments
            ) ?? 0
        let passes = try LeavePassTable.passes(scope: scope, from: start, through: end, db)
        self.init(
            students: students,
            latestBeforeDay: latest,
            reads: reads,
            passes: passes,
            start: start,
            unsynchronisedClockReads: unsynchronised,
            correctedClockReads: corrected
        )
    }

    /// `EXISTS (…)`: whether the event of `table`'s row has a corrected time.
    private static func corrected(_ table: String) -> String {
        "EXISTS (SELECT 1 FROM event_correction WHERE event_correction.event_id = \(table).id)"
    }

    /// The reads of the rows `sql` selects (id, student_id, uid, direction, outcome, occurred_at, reason), each
    /// decoded by position where the statement reads it: the alert decisions read a day after every push.
    private static func dayReads(_ db: Database, sql: String, arguments: StatementArguments) throws -> [DayRead] {
        try Array(
            Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                DayRead(
                    id: EventID(rawValue: try row.decode(atIndex: 0)),
                    outcome: EventOutcome(rawValue: try row.decode(atIndex: 4)) ?? .ignored,
                    studentID: try row.decode(atIndex: 1),
                    uid: try row.decode(atIndex: 2),
                    direction: (try row.decode(String?.self, atIndex: 3)).flatMap(Direction.init(rawValue:)),
                    occurredAt: Date(storeMillis: try row.decode(atIndex: 5)),
                    reason: try row.decode(atIndex: 6)
                )
            }
        )
    }

    /// The students a report of the instants from a given one on counts, as a table of `id` (and, in a hub,
    /// `property_id`): the active ones, and those erased after that instant (its value, `?`) under their pseudonyms.
    private static func reportedStudents(_ scope: StoreScope) -> String {
        """
        (SELECT id\(scope.column) FROM student WHERE status = 'active'
            UNION ALL SELECT pseudonym\(scope.column) FROM erased_student WHERE erased_at > ?)
        """
    }

    /// Every reported student's latest accepted tap strictly before `instant` (their state then), in one statement:
    /// for each student one seek backwards in an index of events by student and time, then the row it names. A tap
    /// whose time was corrected counts at its corrected time: those are few, read apart, and the later tap wins.
    static func latestAcceptedTaps(_ db: Database, before instant: Date, scope: StoreScope) throws -> [AcceptedTap] {
        let uncorrected = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT event.id, event.student_id, event.occurred_at, event.direction
                    FROM \(reportedStudents(scope)) AS student JOIN event ON event.rowid = (
                        SELECT prior.rowid FROM event AS prior
                        WHERE prior.student_id = student.id AND prior.outcome = 'accepted' AND prior.occurred_at < ?
                            AND prior.direction IN ('in', 'out')\(scope.sameProperty("prior", "student")) AND NOT \(corrected("prior"))
                        ORDER BY prior.occurred_at DESC, prior.id DESC LIMIT 1
                    )
                    WHERE 1\(scope.condition("student"))
                    """
            ),
            arguments: [instant.storeMillis, instant.storeMillis] + scope.arguments
        ).compactMap(acceptedTap)
        let corrected = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT event.id, event.student_id, event_correction.corrected_at AS occurred_at, event.direction
                    FROM event_correction JOIN event ON event.id = event_correction.event_id
                    JOIN \(reportedStudents(scope)) AS student ON student.id = event.student_id\(scope.sameProperty("student", "event"))
                    WHERE event_correction.corrected_at < ? AND event.outcome = 'accepted'\(scope.condition("event"))
                    """
            ),
            arguments: [instant.storeMillis, instant.storeMillis] + scope.arguments
        ).compactMap(acceptedTap)
        return latestPerStudent(uncorrected: uncorrected, corrected: corrected)
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
