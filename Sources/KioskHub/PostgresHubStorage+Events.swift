public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func insert(_ records: [EventRecord], receivedAt: Date) async throws(KioskError) -> [EventInsertion] {
        try await failing("write failed, nothing was stored") {
            try await transaction { connection in
                try await run("SELECT pg_advisory_xact_lock(\(PostgresHubSchema.eventLock))", on: connection)
                var insertions: [EventInsertion] = []
                for record in records {
                    insertions.append(try await insert(record, receivedAt: receivedAt.storeMillis, on: connection))
                }
                return insertions
            }
        }
    }

    private func insert(_ record: EventRecord, receivedAt: Int64, on connection: PostgresConnection) async throws -> EventInsertion {
        let id = record.id.rawValue
        if let owner = try await run("SELECT kiosk_id FROM event WHERE id = \(id)", on: connection).first?.decode(String.self) {
            return owner == record.kioskID ? .duplicate : .idOfAnotherKiosk
        }
        let seqTaken = try await run("SELECT 1 FROM event WHERE kiosk_id = \(record.kioskID) AND seq = \(record.seq) LIMIT 1", on: connection)
        if !seqTaken.isEmpty { return .seqTaken }
        try await run(
            """
            INSERT INTO event (id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
                occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced, received_at)
            VALUES (\(id), \(record.kioskID), \(record.seq), \(record.reader), \(record.uid?.hex), \(record.studentID),
                \(record.kind.rawValue), \(record.direction?.rawValue), \(record.outcome.rawValue), \(record.reason),
                \(record.occurredAt.storeMillis), \(record.recordedAt.storeMillis), \(record.monotonicNanoseconds), \(record.bootID),
                \(record.clockSynchronised), \(receivedAt))
            """,
            on: connection
        )
        return .stored
    }

    public func records(
        after cursor: Int64,
        limit: Int,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64) {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT cursor, id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
                    occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced
                FROM event WHERE cursor > \(cursor) AND kiosk_id <> \(kioskID) ORDER BY cursor LIMIT \(limit)
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
                if let highest = try await query("SELECT COALESCE(MAX(cursor), 0) FROM event").first?.decode(Int64.self) {
                    last = max(cursor, highest)
                }
            }
            return (records, last)
        }
    }

    public func eventIDs() async throws(KioskError) -> [String] {
        try await failing("read failed") {
            var ids: [String] = []
            for try await id in try await client.query("SELECT id FROM event ORDER BY id COLLATE \"C\"", logger: logger).decode(String.self) {
                ids.append(id)
            }
            return ids
        }
    }
}
