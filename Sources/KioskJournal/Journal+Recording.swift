public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// Decides and records a read in one transaction, so concurrent readers cannot both toggle a student.
    /// Returns only after the transaction committed: the outcome is then safe to show. A card that cannot prove
    /// itself as its tag must (`TagSecurity`; with `requireSun`, every card) is recorded as refused.
    public func record(
        _ read: TagRead,
        rules: AttendanceRules,
        requireSun: Bool = false,
        clock: WallClock = .system
    ) async throws(KioskError) -> RecordedTap {
        let stamp = EventStamp(kioskID: kioskID, host: host, clock: clock)
        return try await write { db in
            let student = try RosterTables.activeStudent(holding: read.uid, db)
            var (outcome, previous, sunCounter, refusal): (TapOutcome, AcceptedTap?, Int64?, CardRefusal?) = (.refused, nil, nil, nil)
            switch try Self.security(of: read.uid, db).judge(read.proof, requireSun: requireSun) {
            case .failure(let reason): refusal = reason
            case .success(let counter):
                // A tag of no active student is not secured by its reads: it is not on the roster.
                sunCounter = student == nil ? nil : counter
                let decision = try student.map { student in
                    rules.decide(
                        at: read.occurredAt,
                        reader: read.readerDirection,
                        latestAccepted: try AttendanceFacts.latestAcceptedTap(db, studentID: student.id, atOrBefore: read.occurredAt)
                    )
                }
                switch decision {
                case nil: outcome = .unknown
                case .accepted(let direction)?: outcome = direction == .in ? .in : .out
                case .ignored(let latest)?: (outcome, previous) = (.ignored, latest)
                }
            }
            let id = try stamp.insert(
                db,
                reader: read.reader,
                uid: read.uid,
                studentID: student?.id,
                kind: student == nil ? .unknown : .tap,
                outcome: outcome,
                reason: refusal?.rawValue,
                occurredAt: read.occurredAt,
                sunCounter: sunCounter
            )
            return RecordedTap(
                eventID: id,
                outcome: outcome,
                uid: read.uid,
                student: student,
                occurredAt: read.occurredAt,
                previous: previous,
                pass: try LeavePassTable.pass(covering: outcome, of: student?.id, at: read.occurredAt, db),
                refusal: refusal
            )
        }
    }

    /// Records the read of a card being enrolled whose SUN verified with `counter`: a read that changes no state
    /// (outcome ignored, the reason saying why), whose counter secures the tag from then on. A counter not above the
    /// highest known for the tag is refused as replayed, and nothing is recorded.
    public func recordEnrolmentRead(
        _ read: TagRead,
        studentID: String,
        counter: Int64,
        clock: WallClock = .system
    ) async throws(KioskError) -> EventID {
        let stamp = EventStamp(kioskID: kioskID, host: host, clock: clock)
        return try await write { db in
            guard case .success = try Self.security(of: read.uid, db).judge(.sun(counter: counter), requireSun: false) else {
                throw KioskError(
                    .dataError,
                    "the card's SUN counter \(counter) is not above the highest known for \(read.uid): a recorded SUN, not the card"
                )
            }
            return try stamp.insert(
                db,
                reader: read.reader,
                uid: read.uid,
                studentID: studentID,
                kind: .tap,
                outcome: .ignored,
                reason: "enrolled, SUN verified",
                occurredAt: read.occurredAt,
                sunCounter: counter
            )
        }
    }

    /// What the journal knows of the tag from every event it holds, this kiosk's and those pulled from other gates.
    private static func security(of uid: TagUID, _ db: Database) throws -> TagSecurity {
        let highest = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT MAX(sun_counter) FROM event WHERE uid = ? AND sun_counter IS NOT NULL"),
            arguments: [uid.hex]
        )
        return TagSecurity(highestCounter: highest)
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
        occurredAt: Date,
        sunCounter: Int64? = nil
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
            case .refused: (nil, .refused)
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
            clockSynchronised: host.isSynchronised(),
            sunCounter: sunCounter
        )
        try db.cachedStatement(sql: "INSERT INTO event (\(EventColumns.names)) VALUES (\(EventColumns.placeholders))")
            .execute(arguments: EventColumns.arguments(record))
        return record.id
    }
}
