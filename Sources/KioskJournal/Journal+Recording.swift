public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// Decides and records a read in one transaction, so concurrent readers cannot both toggle a student.
    /// Returns only after the transaction committed: the outcome is then safe to show.
    public func record(_ read: TagRead, rules: AttendanceRules, clock: WallClock = .system) async throws(KioskError) -> RecordedTap {
        let stamp = EventStamp(kioskID: kioskID, host: host, clock: clock)
        return try await write { db in
            let student = try RosterTables.activeStudent(holding: read.uid, db)
            let decision = try student.map { student in
                rules.decide(
                    at: read.occurredAt,
                    reader: read.readerDirection,
                    latestAccepted: try AttendanceFacts.latestAcceptedTap(db, studentID: student.id, atOrBefore: read.occurredAt)
                )
            }
            let outcome: TapOutcome
            let previous: AcceptedTap?
            switch decision {
            case nil: (outcome, previous) = (.unknown, nil)
            case .accepted(let direction)?: (outcome, previous) = (direction == .in ? .in : .out, nil)
            case .ignored(let latest)?: (outcome, previous) = (.ignored, latest)
            }
            let id = try stamp.insert(
                db,
                reader: read.reader,
                uid: read.uid,
                studentID: student?.id,
                kind: student == nil ? .unknown : .tap,
                outcome: outcome,
                reason: nil,
                occurredAt: read.occurredAt
            )
            return RecordedTap(
                eventID: id,
                outcome: outcome,
                uid: read.uid,
                student: student,
                occurredAt: read.occurredAt,
                previous: previous,
                pass: try LeavePassTable.pass(covering: outcome, of: student?.id, at: read.occurredAt, db)
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
        let stamp = EventStamp(kioskID: kioskID, host: host, clock: clock)
        return try await writeFacts { db in
            guard let student = try RosterTables.student(id: studentID, db) else {
                throw KioskError(.dataError, "unknown student '\(studentID)'", domain: .notFound)
            }
            guard student.status == .active else {
                throw KioskError(.dataError, "student '\(studentID)' is inactive; a manual entry needs an active student")
            }
            let outcome: TapOutcome = direction == .in ? .in : .out
            let id = try stamp.insert(
                db,
                reader: "manual",
                uid: nil,
                studentID: studentID,
                kind: .manual,
                outcome: outcome,
                reason: reason,
                occurredAt: instant
            )
            return RecordedTap(
                eventID: id,
                outcome: outcome,
                uid: nil,
                student: student,
                occurredAt: instant,
                previous: nil,
                pass: try LeavePassTable.pass(covering: outcome, of: studentID, at: instant, db)
            )
        }
    }
}

/// What this kiosk stamps on each event it records: its id, the next `seq`, a new `EventID`, the host's clocks.
private struct EventStamp: Sendable {
    let kioskID: String
    let host: HostClock
    let clock: WallClock

    func insert(
        _ db: Database,
        reader: String,
        uid: TagUID?,
        studentID: String?,
        kind: EventKind,
        outcome: TapOutcome,
        reason: String?,
        occurredAt: Date
    ) throws -> EventID {
        let now = clock.now()
        // Both statements are prepared once per connection: they are on the path of every tap.
        let seq = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(seq) FROM event WHERE kiosk_id = ?"), arguments: [kioskID]) ?? 0
        let (direction, stored): (Direction?, EventOutcome) =
            switch outcome {
            case .in: (.in, .accepted)
            case .out: (.out, .accepted)
            case .ignored: (nil, .ignored)
            case .unknown: (nil, .unknown)
            }
        let record = EventRecord(
            id: EventID.make(at: now),
            kioskID: kioskID,
            seq: seq + 1,
            reader: reader,
            uid: uid,
            studentID: studentID,
            kind: kind,
            direction: direction,
            outcome: stored,
            reason: reason,
            occurredAt: occurredAt,
            recordedAt: now,
            monotonicNanoseconds: host.monotonicNanoseconds(),
            bootID: host.bootID,
            clockSynchronised: host.isSynchronised()
        )
        try db.cachedStatement(sql: "INSERT INTO event (\(EventColumns.names)) VALUES (\(EventColumns.placeholders))")
            .execute(arguments: EventColumns.arguments(record))
        return record.id
    }
}
