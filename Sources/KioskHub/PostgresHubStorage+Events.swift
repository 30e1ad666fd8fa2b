public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func insert(_ records: [EventRecord], property: String, receivedAt: Date) async throws(KioskError) -> [EventInsertion] {
        try await failing("write failed, nothing was stored") {
            try await transaction { connection in
                _ = try await run("SELECT pg_advisory_xact_lock(\(PostgresHubSchema.eventLock))", on: connection)
                var insertions: [EventInsertion] = []
                for record in records {
                    insertions.append(try await insert(record, property: property, receivedAt: receivedAt.storeMillis, on: connection))
                }
                return insertions
            }
        }
    }

    private func insert(_ record: EventRecord, property: String, receivedAt: Int64, on connection: PostgresConnection) async throws -> EventInsertion
    {
        let id = record.id.rawValue
        let owner = try await run("SELECT kiosk_id FROM event WHERE id = \(id)", on: connection).decode(String.self).first { _ in true }
        if let owner { return owner == record.kioskID ? .duplicate : .idOfAnotherKiosk }
        let seqTaken = try await run(
            "SELECT 1 FROM event WHERE kiosk_id = \(record.kioskID) AND seq = \(record.seq) LIMIT 1",
            on: connection
        )
        if !seqTaken.isEmpty { return .seqTaken }
        _ = try await run(Self.insertion(record, property: property, receivedAt: receivedAt, cursor: nil), on: connection)
        return .stored
    }

    /// The INSERT of one event; with `cursor`, at that place in the pull feed instead of the next one.
    static func insertion(_ record: EventRecord, property: String, receivedAt: Int64, cursor: Int64?) -> PostgresQuery {
        let cursorColumn = cursor == nil ? "" : "cursor, "
        let cursorValue = cursor.map { "\($0), " } ?? ""
        return """
            INSERT INTO event (\(unescaped: cursorColumn)id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
                occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced, received_at, property_id)
            VALUES (\(unescaped: cursorValue)\(record.id.rawValue), \(record.kioskID), \(record.seq), \(record.reader), \(record.uid?.hex),
                \(record.studentID), \(record.kind.rawValue), \(record.direction?.rawValue), \(record.outcome.rawValue), \(record.reason),
                \(record.occurredAt.storeMillis), \(record.recordedAt.storeMillis), \(record.monotonicNanoseconds), \(record.bootID),
                \(record.clockSynchronised), \(receivedAt), \(property))
            """
    }

    /// Stores `events` as they are, at their own cursors, in one transaction, and moves the cursor sequence past
    /// them: the copy of another hub database (`kiosk-hub migrate-store`), so kiosks' pull cursors stay valid.
    public func importEvents(_ events: [StoredEvent]) async throws(KioskError) {
        try await failing("write failed, nothing of this batch was stored") {
            try await transaction { connection in
                _ = try await run("SELECT pg_advisory_xact_lock(\(PostgresHubSchema.eventLock))", on: connection)
                for event in events {
                    let query = Self.insertion(event.record, property: event.property, receivedAt: event.receivedAt.storeMillis, cursor: event.cursor)
                    _ = try await run(query, on: connection)
                }
                _ = try await run(
                    "SELECT setval(pg_get_serial_sequence('event', 'cursor'), GREATEST(MAX(cursor), 1)) FROM event",
                    on: connection
                )
            }
        }
    }

    public func records(
        after cursor: Int64,
        limit: Int,
        property: String,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64) {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT cursor, id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
                    occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced
                FROM event WHERE property_id = \(property) AND cursor > \(cursor) AND kiosk_id <> \(kioskID) ORDER BY cursor LIMIT \(limit)
                """
            )
            var records: [EventRecord] = []
            var last = cursor
            for row in rows {
                let (
                    position, id, kiosk, seq, reader, uid, studentID, kind, direction, outcome, reason, occurredAt, recordedAt, monotonic, bootID,
                    synced
                ) =
                    try row.decode(
                        (Int64, String, String, Int64, String, String?, String?, String, String?, String, String?, Int64, Int64, Int64, String, Bool)
                            .self
                    )
                last = position
                records.append(
                    EventRecord(
                        id: EventID(rawValue: id),
                        kioskID: kiosk,
                        seq: seq,
                        reader: reader,
                        uid: uid.flatMap { try? TagUID(parsing: $0) },
                        studentID: studentID,
                        kind: EventKind(rawValue: kind) ?? .unknown,
                        direction: direction.flatMap(Direction.init(rawValue:)),
                        outcome: EventOutcome(rawValue: outcome) ?? .unknown,
                        reason: reason,
                        occurredAt: Date(storeMillis: occurredAt),
                        recordedAt: Date(storeMillis: recordedAt),
                        monotonicNanoseconds: monotonic,
                        bootID: bootID,
                        clockSynchronised: synced
                    )
                )
            }
            if records.isEmpty {
                let highest = try await query("SELECT COALESCE(MAX(cursor), 0) FROM event").decode(Int64.self)
                for value in highest { last = max(cursor, value) }
            }
            return (records, last)
        }
    }

    public func kioskIDs(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: String] {
        try await failing("read failed") {
            var kiosks: [EventID: String] = [:]
            for (id, kiosk) in try await query(
                "SELECT id, kiosk_id FROM event WHERE id = ANY(\(ids.map(\.rawValue)))"
            )
            .decode((String, String).self) {
                kiosks[EventID(rawValue: id)] = kiosk
            }
            return kiosks
        }
    }

    public func eventIDs() async throws(KioskError) -> [String] {
        try await failing("read failed") {
            var ids: [String] = []
            for id in try await query("SELECT id FROM event ORDER BY id COLLATE \"C\"").decode(String.self) {
                ids.append(id)
            }
            return ids
        }
    }
}
