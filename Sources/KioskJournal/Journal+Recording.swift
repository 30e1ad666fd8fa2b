public import Foundation
import GRDB
public import KioskCore

extension Journal {
    /// Decides and records a read in one transaction, so concurrent readers cannot both toggle a student.
    /// Returns only after the transaction committed: the outcome is then safe to show.
    public func record(_ read: TagRead, rules: AttendanceRules, clock: WallClock = .system) async throws(KioskError) -> RecordedTap {
        let host = self.host
        let kioskID = self.kioskID
        return try await write { db in
            let student = try Self.activeStudent(db, uid: read.uid)
            let decision = try student.map { student in
                rules.decide(
                    at: read.occurredAt,
                    reader: read.readerDirection,
                    latestAccepted: try Self.latestAcceptedTap(db, studentID: student.id, atOrBefore: read.occurredAt)
                )
            }
            let outcome: TapOutcome
            let previous: AcceptedTap?
            switch decision {
            case nil: (outcome, previous) = (.unknown, nil)
            case .accepted(let direction)?: (outcome, previous) = (direction == .in ? .in : .out, nil)
            case .ignored(let latest)?: (outcome, previous) = (.ignored, latest)
            }
            let row = try Self.insertEvent(
                db,
                kioskID: kioskID,
                host: host,
                clock: clock,
                reader: read.reader,
                uid: read.uid,
                studentID: student?.id,
                kind: student == nil ? "unknown" : "tap",
                outcome: outcome,
                reason: nil,
                occurredAt: read.occurredAt
            )
            return RecordedTap(
                eventID: EventID(rawValue: row.id),
                outcome: outcome,
                uid: read.uid,
                student: student,
                occurredAt: read.occurredAt,
                previous: previous
            )
        }
    }

    /// Records a warden's manual entry: an accepted tap that is never ignored. The student must be active.
    public func recordManual(
        studentID: String,
        direction: Direction,
        at instant: Date,
        reason: String,
        clock: WallClock = .system
    ) async throws(KioskError) -> RecordedTap {
        let host = self.host
        let kioskID = self.kioskID
        return try await write { db in
            guard let student = try StudentRow.find(db, id: studentID) else {
                throw KioskError(.dataError, "unknown student '\(studentID)'")
            }
            guard student.status == .active else {
                throw KioskError(.dataError, "student '\(studentID)' is inactive; a manual entry needs an active student")
            }
            let outcome: TapOutcome = direction == .in ? .in : .out
            let row = try Self.insertEvent(
                db,
                kioskID: kioskID,
                host: host,
                clock: clock,
                reader: "manual",
                uid: nil,
                studentID: studentID,
                kind: "manual",
                outcome: outcome,
                reason: reason,
                occurredAt: instant
            )
            return RecordedTap(
                eventID: EventID(rawValue: row.id),
                outcome: outcome,
                uid: nil,
                student: student,
                occurredAt: instant,
                previous: nil
            )
        }
    }

    static func activeStudent(_ db: Database, uid: TagUID) throws -> Student? {
        let row = try StudentRow.fetchOne(
            db,
            sql: "SELECT student.* FROM tag JOIN student ON student.id = tag.student_id WHERE tag.uid = ? AND student.status = 'active'",
            arguments: [uid.hex]
        )
        return row?.student
    }

    static func latestAcceptedTap(_ db: Database, studentID: String, atOrBefore instant: Date) throws -> AcceptedTap? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT id, occurred_at, direction FROM event
                WHERE student_id = ? AND outcome = 'accepted' AND occurred_at <= ?
                ORDER BY occurred_at DESC, id DESC LIMIT 1
                """,
            arguments: [studentID, instant.journalMillis]
        ).map { row in
            AcceptedTap(
                studentID: studentID,
                occurredAt: Date(journalMillis: row["occurred_at"]),
                direction: Direction(rawValue: row["direction"]) ?? .in,
                eventID: EventID(rawValue: row["id"])
            )
        }
    }

    private static func insertEvent(
        _ db: Database,
        kioskID: String,
        host: HostClock,
        clock: WallClock,
        reader: String,
        uid: TagUID?,
        studentID: String?,
        kind: String,
        outcome: TapOutcome,
        reason: String?,
        occurredAt: Date
    ) throws -> EventRow {
        let now = clock.now()
        let seq = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM event WHERE kiosk_id = ?", arguments: [kioskID]) ?? 0
        let direction: String? =
            switch outcome {
            case .in: "in"
            case .out: "out"
            case .ignored, .unknown: nil
            }
        let stored: String =
            switch outcome {
            case .in, .out: "accepted"
            case .ignored: "ignored"
            case .unknown: "unknown"
            }
        let row = EventRow(
            id: EventID.make(at: now).rawValue,
            kioskId: kioskID,
            seq: seq + 1,
            reader: reader,
            uid: uid?.hex,
            studentId: studentID,
            kind: kind,
            direction: direction,
            outcome: stored,
            reason: reason,
            occurredAt: occurredAt.journalMillis,
            recordedAt: now.journalMillis,
            monotonicNs: host.monotonicNanoseconds(),
            bootId: host.bootID,
            clockSynced: host.isSynchronised()
        )
        try row.insert(db)
        return row
    }
}
