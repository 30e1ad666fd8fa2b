public import Foundation
import GRDB
public import KioskCore

extension Journal {
    /// The attendance report of day `date` evaluated at `evaluatedAt`, from the recorded decisions.
    /// Reads only what the day needs: each student's latest accepted tap before the day (an index seek),
    /// the day's events, and the unknown reads of one debounce window before it.
    public func report(on date: AttendanceDate, evaluatedAt: Date, rules: AttendanceRules) async throws(KioskError) -> AttendanceReport {
        let kioskID = self.kioskID
        return try await read { db in
            let policy = rules.policy
            let start = policy.start(of: date)
            let students = try StudentRow.filter(Column("status") == "active").fetchAll(db).map(\.student)
            var taps: [AcceptedTap] = []
            for student in students {
                if let before = try Self.latestAcceptedTap(db, studentID: student.id, atOrBefore: start.addingTimeInterval(-0.001)) {
                    taps.append(before)
                }
            }
            let dayRows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, student_id, uid, direction, outcome, occurred_at, clock_synced FROM event
                    WHERE occurred_at >= ? AND occurred_at < ? AND outcome IN ('accepted', 'unknown')
                    """,
                arguments: [start.addingTimeInterval(-Double(policy.debounceSeconds)).journalMillis, evaluatedAt.journalMillis]
            )
            var unknownReads: [UnknownRead] = []
            for row in dayRows {
                let occurredAt = Date(journalMillis: row["occurred_at"])
                if row["outcome"] == "unknown" {
                    if let uid = try? TagUID(parsing: row["uid"] ?? "") { unknownReads.append(UnknownRead(uid: uid, occurredAt: occurredAt)) }
                } else if occurredAt >= start, let studentID: String = row["student_id"], let direction = Direction(rawValue: row["direction"] ?? "")
                {
                    taps.append(
                        AcceptedTap(studentID: studentID, occurredAt: occurredAt, direction: direction, eventID: EventID(rawValue: row["id"]))
                    )
                }
            }
            let unsynchronised =
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM event WHERE occurred_at >= ? AND occurred_at < ? AND clock_synced = 0",
                    arguments: [start.journalMillis, evaluatedAt.journalMillis]
                ) ?? 0
            let attendance = rules.attendance(on: date, evaluatedAt: evaluatedAt, students: students, taps: taps, unknownReads: unknownReads)
            return AttendanceReport(
                source: kioskID,
                attendance: attendance,
                completeness: try Self.completeness(db, kioskID: kioskID, unsynchronisedClockReads: unsynchronised)
            )
        }
    }

    static func completeness(_ db: Database, kioskID: String, unsynchronisedClockReads: Int) throws -> ReportCompleteness {
        let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE kiosk_id = ? AND sync_state = 'pending'", arguments: [kioskID])
        let quarantined = try Int.fetchOne(
            db,
            sql: "SELECT COUNT(*) FROM event WHERE kiosk_id = ? AND sync_state = 'quarantined'",
            arguments: [kioskID]
        )
        let lastSynced = try Int64.fetchOne(db, sql: "SELECT MAX(synced_at) FROM event WHERE synced_at IS NOT NULL")
        return ReportCompleteness(
            pending: pending ?? 0,
            quarantined: quarantined ?? 0,
            lastSyncedAt: lastSynced.map(Date.init(journalMillis:)),
            unsynchronisedClockReads: unsynchronisedClockReads
        )
    }
}
