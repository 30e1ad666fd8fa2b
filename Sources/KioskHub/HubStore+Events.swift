public import Foundation
import GRDB
public import KioskCore
public import KioskWire

extension HubStore {
    /// Stores the valid events of a batch in one transaction, each at most once: an id already stored for the same
    /// kiosk is a duplicate (`INSERT … ON CONFLICT DO NOTHING`), an id another kiosk's event has is rejected (it is
    /// not this kiosk's to send), and an invalid event is rejected with the field to blame.
    public func store(_ events: [WireEvent], receivedAt: Date = WallClock.system.now()) async throws(KioskError) -> [EventResult] {
        let received = receivedAt.hubMillis
        return try await write { db in
            // One prepared statement for the whole batch: preparing it again for each event costs more than the insert.
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO event (id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
                        occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced, received_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO NOTHING
                    """
            )
            return try events.map { event in
                if let problem = event.problem() {
                    return EventResult(id: event.id, status: .rejected, reason: "field '\(problem.field ?? "")': \(problem.error)")
                }
                try insert.execute(
                    arguments: [
                        event.id.lowercased(), event.kioskId, event.seq, event.reader, event.uid, event.studentId, event.kind.rawValue,
                        event.direction?.rawValue, event.outcome.rawValue, event.reason,
                        WireTime.parse(event.occurredAt)?.hubMillis, WireTime.parse(event.recordedAt)?.hubMillis,
                        event.monotonicNs, event.bootId, event.clockSynced, received,
                    ]
                )
                if db.changesCount == 1 { return EventResult(id: event.id, status: .accepted) }
                let owner = try String.fetchOne(db, sql: "SELECT kiosk_id FROM event WHERE id = ?", arguments: [event.id.lowercased()])
                guard owner == event.kioskId else {
                    return EventResult(id: event.id, status: .rejected, reason: "field 'id': the id belongs to another kiosk's event")
                }
                return EventResult(id: event.id, status: .duplicate)
            }
        }
    }

    /// Up to `limit` events of kiosks other than `kioskID` stored after `cursor`, and the cursor to ask from next.
    public func events(after cursor: Int64, limit: Int, excludingKiosk kioskID: String) async throws(KioskError) -> EventPage {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM event WHERE cursor > ? AND kiosk_id != ? ORDER BY cursor LIMIT ?",
                arguments: [cursor, kioskID, limit]
            )
            let next: Int64 =
                if let last = rows.last { last["cursor"] } else { max(cursor, try Int64.fetchOne(db, sql: "SELECT MAX(cursor) FROM event") ?? 0) }
            return EventPage(events: rows.map(Self.wireEvent), nextCursor: next)
        }
    }

    /// The ids of every stored event, sorted, for checking that nothing was lost or stored twice.
    public func eventIDs() async throws(KioskError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT id FROM event ORDER BY id") }
    }

    private static func wireEvent(_ row: Row) -> WireEvent {
        WireEvent(
            id: row["id"],
            kioskId: row["kiosk_id"],
            seq: row["seq"],
            reader: row["reader"],
            uid: row["uid"],
            studentId: row["student_id"],
            kind: WireEventKind(rawValue: row["kind"]) ?? .unknown,
            direction: (row["direction"] as String?).flatMap(WireDirection.init(rawValue:)),
            outcome: WireEventOutcome(rawValue: row["outcome"]) ?? .unknown,
            reason: row["reason"],
            occurredAt: WireTime.format(Date(hubMillis: row["occurred_at"])),
            recordedAt: WireTime.format(Date(hubMillis: row["recorded_at"])),
            monotonicNs: row["monotonic_ns"],
            bootId: row["boot_id"],
            clockSynced: row["clock_synced"]
        )
    }
}

extension Date {
    /// Unix milliseconds, the hub database's unit of time.
    var hubMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    init(hubMillis: Int64) {
        self.init(timeIntervalSince1970: Double(hubMillis) / 1000)
    }
}
