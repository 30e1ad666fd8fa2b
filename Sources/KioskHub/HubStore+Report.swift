public import Foundation
import GRDB
public import KioskCore

extension HubStore {
    /// The attendance of day `date` over every gate, evaluated at `evaluatedAt`, from the decisions the kiosks
    /// recorded. Reads each student's latest accepted tap before the day, the day's events, and the unknown reads
    /// of one debounce window before it. `source` names the report (the hub).
    public func report(
        on date: AttendanceDate,
        evaluatedAt: Date,
        rules: AttendanceRules,
        source: String
    ) async throws(KioskError) -> AttendanceReport {
        try await read { db in
            let policy = rules.policy
            let start = policy.start(of: date)
            let students = try Row.fetchAll(db, sql: "SELECT * FROM student WHERE status = 'active'").map { row in
                Student(id: row["id"], name: row["name"], room: row["room"], status: .active)
            }
            var taps: [AcceptedTap] = []
            for student in students {
                let before = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, occurred_at, direction FROM event WHERE student_id = ? AND outcome = 'accepted' AND occurred_at < ?
                        ORDER BY occurred_at DESC, id DESC LIMIT 1
                        """,
                    arguments: [student.id, start.hubMillis]
                )
                if let before, let tap = Self.acceptedTap(before, studentID: student.id) { taps.append(tap) }
            }
            var unknownReads: [UnknownRead] = []
            let dayRows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, student_id, uid, direction, outcome, occurred_at FROM event
                    WHERE occurred_at >= ? AND occurred_at < ? AND outcome IN ('accepted', 'unknown')
                    """,
                arguments: [start.addingTimeInterval(-Double(policy.debounceSeconds)).hubMillis, evaluatedAt.hubMillis]
            )
            for row in dayRows {
                let occurredAt = Date(hubMillis: row["occurred_at"])
                if row["outcome"] == "unknown" {
                    if let uid = try? TagUID(parsing: row["uid"] ?? "") { unknownReads.append(UnknownRead(uid: uid, occurredAt: occurredAt)) }
                } else if occurredAt >= start, let studentID: String = row["student_id"], let tap = Self.acceptedTap(row, studentID: studentID) {
                    taps.append(tap)
                }
            }
            let unsynchronised = try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM event WHERE occurred_at >= ? AND occurred_at < ? AND clock_synced = 0",
                arguments: [start.hubMillis, evaluatedAt.hubMillis]
            )
            let lastReceived = try Int64.fetchOne(db, sql: "SELECT MAX(received_at) FROM event")
            return AttendanceReport(
                source: source,
                attendance: rules.attendance(on: date, evaluatedAt: evaluatedAt, students: students, taps: taps, unknownReads: unknownReads),
                completeness: ReportCompleteness(
                    pending: 0,
                    quarantined: 0,
                    lastSyncedAt: lastReceived.map(Date.init(hubMillis:)),
                    unsynchronisedClockReads: unsynchronised ?? 0
                )
            )
        }
    }

    private static func acceptedTap(_ row: Row, studentID: String) -> AcceptedTap? {
        guard let direction = Direction(rawValue: row["direction"] ?? "") else { return nil }
        return AcceptedTap(
            studentID: studentID,
            occurredAt: Date(hubMillis: row["occurred_at"]),
            direction: direction,
            eventID: EventID(rawValue: row["id"])
        )
    }
}
