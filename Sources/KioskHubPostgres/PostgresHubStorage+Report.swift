public import Foundation
public import KioskCore
import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func attendanceFacts(
        from start: Date,
        to end: Date,
        policy: AttendancePolicy,
        property: String
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)
    {
        try await failing("read failed") {
            // One snapshot for every query of the report, as SQLite's read transaction gives.
            try await transaction { connection in
                _ = try await run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", on: connection)
                return try await facts(from: start, to: end, policy: policy, property: property, connection: connection)
            }
        }
    }

    private func facts(
        from startInstant: Date,
        to endInstant: Date,
        policy: AttendancePolicy,
        property: String,
        connection: PostgresConnection
    ) async throws
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)
    {
        let start = startInstant.storeMillis
        let end = endInstant.storeMillis
        let readsFrom = startInstant.addingTimeInterval(-Double(policy.debounceSeconds)).storeMillis
        var students: [Student] = []
        for (id, name, room) in try await run(
            "SELECT id, name, room FROM student WHERE property_id = \(property) AND status = 'active' ORDER BY id",
            on: connection
        ).decode((String, String, String).self) {
            students.append(Student(id: id, name: name, room: room, status: .active))
        }
        for pseudonym in try await run(
            "SELECT pseudonym FROM erased_student WHERE property_id = \(property) AND erased_at > \(start) ORDER BY pseudonym",
            on: connection
        ).decode(String.self) {
            students.append(StudentErasure.reportedStudent(pseudonym))
        }
        // One index seek backwards per student the day counts (the active ones, and those erased since under their
        // pseudonyms), as SQLite's correlated subquery does; a tap whose time was corrected counts at its corrected
        // time (those are few, read apart).
        let uncorrected = try await acceptedTaps(
            """
            SELECT prior.student_id, prior.id, prior.occurred_at, prior.direction
            FROM (
                SELECT property_id, id FROM student WHERE status = 'active'
                UNION ALL SELECT property_id, pseudonym FROM erased_student WHERE erased_at > \(start)
            ) AS student CROSS JOIN LATERAL (
                SELECT student_id, id, occurred_at, direction FROM event
                WHERE property_id = student.property_id AND student_id = student.id AND outcome = 'accepted' AND occurred_at < \(start)
                    AND direction IN ('in', 'out') AND NOT EXISTS (SELECT 1 FROM event_correction WHERE event_id = event.id)
                ORDER BY occurred_at DESC, id DESC LIMIT 1
            ) AS prior
            WHERE student.property_id = \(property)
            """,
            on: connection
        )
        let corrected = try await acceptedTaps(
            """
            SELECT event.student_id, event.id, event_correction.corrected_at, event.direction
            FROM event_correction JOIN event ON event.id = event_correction.event_id
            JOIN (
                SELECT property_id, id FROM student WHERE status = 'active'
                UNION ALL SELECT property_id, pseudonym FROM erased_student WHERE erased_at > \(start)
            ) AS student ON student.property_id = event.property_id AND student.id = event.student_id
            WHERE event.property_id = \(property) AND event_correction.corrected_at < \(start) AND event.outcome = 'accepted'
            """,
            on: connection
        )
        let latest = AttendanceFacts.latestPerStudent(uncorrected: uncorrected, corrected: corrected)
        var reads: [AttendanceFacts.DayRead] = []
        // A read whose time was corrected counts at its corrected time only.
        for (id, studentID, uid, direction, outcome, occurredAt, reason) in try await run(
            """
            SELECT id, student_id, uid, direction, outcome, occurred_at, reason FROM event
            WHERE property_id = \(property) AND occurred_at >= \(readsFrom) AND occurred_at < \(end) AND outcome IN ('accepted', 'unknown', 'refused')
                AND NOT EXISTS (SELECT 1 FROM event_correction WHERE event_id = event.id)
            UNION ALL
            SELECT event.id, event.student_id, event.uid, event.direction, event.outcome, event_correction.corrected_at, event.reason
            FROM event_correction JOIN event ON event.id = event_correction.event_id
            WHERE event.property_id = \(property) AND event_correction.corrected_at >= \(readsFrom) AND event_correction.corrected_at < \(end)
                AND event.outcome IN ('accepted', 'unknown', 'refused')
            """,
            on: connection
        ).decode((String, String?, String?, String?, String, Int64, String?).self) {
            reads.append(
                AttendanceFacts.DayRead(
                    id: EventID(rawValue: id),
                    outcome: EventOutcome(rawValue: outcome) ?? .ignored,
                    studentID: studentID,
                    uid: uid,
                    direction: direction.flatMap(Direction.init(rawValue:)),
                    occurredAt: Date(storeMillis: occurredAt),
                    reason: reason
                )
            )
        }
        var (unsynchronised, correctedReads) = (0, 0)
        var lastReceived: Int64?
        for (count, correctedCount, received) in try await run(
            """
            SELECT (SELECT COUNT(*) FROM event WHERE property_id = \(property) AND occurred_at >= \(start) AND occurred_at < \(end) AND NOT clock_synced
                        AND NOT EXISTS (SELECT 1 FROM event_correction WHERE event_id = event.id)),
                   (SELECT COUNT(*) FROM event_correction JOIN event ON event.id = event_correction.event_id
                    WHERE event.property_id = \(property) AND event_correction.corrected_at >= \(start) AND event_correction.corrected_at < \(end)),
                   (SELECT MAX(received_at) FROM event WHERE property_id = \(property))
            """,
            on: connection
        ).decode((Int64, Int64, Int64?).self) {
            unsynchronised = Int(count)
            correctedReads = Int(correctedCount)
            lastReceived = received
        }
        let facts = AttendanceFacts(
            students: students,
            latestBeforeDay: latest,
            reads: reads,
            passes: try await passes(property: property, from: startInstant, through: endInstant, on: connection),
            start: startInstant,
            unsynchronisedClockReads: unsynchronised,
            correctedClockReads: correctedReads
        )
        return (facts, lastReceived.map(Date.init(storeMillis:)))
    }

    /// The accepted taps `statement` selects as (student id, event id, time, direction); a direction no kiosk records
    /// is left out.
    private func acceptedTaps(_ statement: PostgresQuery, on connection: PostgresConnection) async throws -> [AcceptedTap] {
        try await run(statement, on: connection).decode((String, String, Int64, String).self).compactMap { studentID, id, occurredAt, direction in
            Direction(rawValue: direction).map {
                AcceptedTap(studentID: studentID, occurredAt: Date(storeMillis: occurredAt), direction: $0, eventID: EventID(rawValue: id))
            }
        }
    }
}
