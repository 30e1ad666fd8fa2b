public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func insert(_ records: [EventRecord], property: String, receivedAt: Date) async throws(KioskError) -> [EventInsertion] {
        try await eventWrites.commit(EventBatchInsert(records: records, property: property, receivedAt: receivedAt)) { batches in
            await write(batches)
        }
    }

    /// One transaction for `batches`. When it fails for a reason other than the database being out of reach, each
    /// batch is tried again in a transaction of its own, so a batch the database refuses fails alone.
    private func write(_ batches: [EventBatchInsert]) async -> [Result<[EventInsertion], KioskError>] {
        do throws(KioskError) {
            return try await store(batches).map { .success($0) }
        } catch {
            guard batches.count > 1, error.category != .unavailable else { return batches.map { _ in .failure(error) } }
            var outcomes: [Result<[EventInsertion], KioskError>] = []
            for batch in batches {
                do throws(KioskError) {
                    outcomes.append(.success(try await store([batch])[0]))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        }
    }

    /// Stores each record of `batches` at most once. Usually none is stored yet: one plain INSERT stores them all.
    /// When a unique index refuses one (a replay after a lost answer, a reused seq), that INSERT is undone and one
    /// that skips what the unique id and (kiosk, seq) refuse runs instead; only the records it skipped are looked up,
    /// to say why. (Skipping conflicts costs PostgreSQL a check of both indexes before each row's insert.) Other hub
    /// processes insert at the same time: the lock taken first is shared (`PostgresEventFeed`).
    private func store(_ batches: [EventBatchInsert]) async throws(KioskError) -> [[EventInsertion]] {
        let events = batches.flatMap { batch in
            batch.records.map { StoredEvent(cursor: 0, property: batch.property, receivedAt: batch.receivedAt, record: $0) }
        }
        guard events.count < PostgresEventFeed.eventsPerTransaction else {
            throw KioskError(.dataError, "\(events.count) events are more than one transaction of the pull feed holds; nothing was stored")
        }
        return try await failing("write failed, nothing was stored") {
            try await transaction { connection in
                try await run(PostgresQuery(unsafeSQL: PostgresEventFeed.takeInserterLock), on: connection)
                try await run("SAVEPOINT fresh", on: connection)
                do {
                    try await run(Self.insertion(events, keepingCursors: false, skippingConflicts: false), on: connection)
                    try await run("RELEASE SAVEPOINT fresh", on: connection)
                    return batches.map { batch in Array(repeating: EventInsertion.stored, count: batch.records.count) }
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
                    try await run("ROLLBACK TO SAVEPOINT fresh", on: connection)
                }
                let skipping = Self.insertion(events, keepingCursors: false, skippingConflicts: true)
                var inserted = Set(try await run(skipping, on: connection).map { try $0.decode(String.self) })
                // The first of equal ids in the batches is the one stored; a later one is a replay of it.
                let stored = events.map { inserted.remove($0.record.id.rawValue) != nil }
                let skipped = zip(events, stored).filter { !$0.1 }.map { $0.0.record.id.rawValue }
                let owners =
                    skipped.isEmpty
                    ? [:]
                    : Dictionary(
                        try await run("SELECT id, kiosk_id FROM event WHERE id = ANY(\(skipped))", on: connection).decode((String, String).self),
                        uniquingKeysWith: { first, _ in first }
                    )
                var outcomes = zip(events, stored).map { event, stored -> EventInsertion in
                    stored ? .stored : .notStored(kiosk: event.record.kioskID, idHeldBy: owners[event.record.id.rawValue])
                }[...]
                return batches.map { batch in
                    defer { outcomes = outcomes.dropFirst(batch.records.count) }
                    return Array(outcomes.prefix(batch.records.count))
                }
            }
        }
    }

    /// The SQLSTATE of a row refused by a unique index.
    static let uniqueViolation = "23505"

    /// One INSERT of `events` from an array per column (`UNNEST`), in their order, however many they are: PostgreSQL
    /// reads one short statement instead of one with seventeen parameters a row. A column that may be NULL comes as its
    /// values and whether each is there. `keepingCursors` keeps each event's own place in the pull feed (a copy of
    /// another store), otherwise each takes the transaction's next place (`PostgresEventFeed`; one INSERT of this kind
    /// a transaction). `skippingConflicts` skips what the unique id or (kiosk, seq) refuses and returns the ids stored;
    /// otherwise the statement fails on the first such event.
    static func insertion(_ events: [StoredEvent], keepingCursors: Bool, skippingConflicts: Bool) -> PostgresQuery {
        let records = events.map(\.record)
        var bindings = PostgresBindings(capacity: 22)
        bindings.append(events.map(\.cursor))
        bindings.append(records.map(\.id.rawValue))
        bindings.append(records.map(\.kioskID))
        bindings.append(records.map(\.seq))
        bindings.append(records.map(\.reader))
        for column in [records.map { $0.uid?.hex }, records.map(\.studentID), records.map { $0.direction?.rawValue }, records.map(\.reason)] {
            bindings.append(column.map { $0 ?? "" })
            bindings.append(column.map { $0 != nil })
        }
        bindings.append(records.map(\.kind.rawValue))
        bindings.append(records.map(\.outcome.rawValue))
        bindings.append(records.map(\.occurredAt.storeMillis))
        bindings.append(records.map(\.recordedAt.storeMillis))
        bindings.append(records.map(\.monotonicNanoseconds))
        bindings.append(records.map(\.bootID))
        bindings.append(records.map(\.clockSynchronised))
        bindings.append(events.map(\.receivedAt.storeMillis))
        bindings.append(events.map(\.property))
        let cursor = keepingCursors ? "cursor" : "\(PostgresEventFeed.firstCursorOfTransaction) + position - 1"
        let conflicts = skippingConflicts ? "ON CONFLICT DO NOTHING RETURNING id" : ""
        return PostgresQuery(
            unsafeSQL: """
                INSERT INTO event (cursor, id, kiosk_id, seq, reader, uid, student_id, direction, reason, kind, outcome, occurred_at,
                    recorded_at, monotonic_ns, boot_id, clock_synced, received_at, property_id)
                SELECT \(cursor), id, kiosk_id, seq, reader, CASE WHEN has_uid THEN uid END, CASE WHEN has_student_id THEN student_id END,
                    CASE WHEN has_direction THEN direction END, CASE WHEN has_reason THEN reason END, kind, outcome, occurred_at,
                    recorded_at, monotonic_ns, boot_id, clock_synced, received_at, property_id
                FROM UNNEST(
                    $1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::boolean[],
                    $10::text[], $11::boolean[], $12::text[], $13::boolean[], $14::text[], $15::text[], $16::bigint[], $17::bigint[],
                    $18::bigint[], $19::text[], $20::boolean[], $21::bigint[], $22::text[]
                ) WITH ORDINALITY AS batch(
                    cursor, id, kiosk_id, seq, reader, uid, has_uid, student_id, has_student_id, direction, has_direction, reason, has_reason,
                    kind, outcome, occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced, received_at, property_id, position
                )
                ORDER BY position
                \(conflicts)
                """,
            binds: bindings
        )
    }

    /// Stores `events` as they are, at their own cursors, in one transaction, and moves the pull feed's origin so that
    /// every later transaction's cursors are above them: the copy of another hub database into an empty one
    /// (`kiosk-hub migrate-store`), so kiosks' pull cursors stay valid.
    public func importEvents(_ events: [StoredEvent]) async throws(KioskError) {
        try await failing("write failed, nothing of this batch was stored") {
            try await transaction { connection in
                if !events.isEmpty { try await run(Self.insertion(events, keepingCursors: true, skippingConflicts: false), on: connection) }
                try await run(
                    """
                    UPDATE event_feed SET origin = GREATEST(
                        origin, (SELECT COALESCE(MAX(cursor), 0) FROM event) + 1 - (pg_current_xact_id()::text::bigint << \(unescaped: String(PostgresEventFeed.placeBits)))
                    )
                    """,
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
            // The bound first: this later statement sees every event below it, so when none of this property's is
            // there, the kiosk may ask from just below it next time.
            let bound = try await finalBound()
            let rows = try await query(
                """
                SELECT \(unescaped: Self.eventColumns) FROM event
                WHERE property_id = \(property) AND cursor > \(cursor) AND cursor < \(bound) AND kiosk_id <> \(kioskID)
                ORDER BY cursor LIMIT \(limit)
                """
            )
            let positioned = try Self.positionedRecords(rows)
            return (positioned.map(\.record), positioned.last?.cursor ?? max(cursor, bound - 1))
        }
    }

    /// The pull feed's bound now: every event below it is final and seen by any later statement (`PostgresEventFeed`).
    func finalBound() async throws -> Int64 {
        var bound: Int64 = 0
        for value in try await query(PostgresQuery(unsafeSQL: PostgresEventFeed.finalBound)).decode(Int64.self) { bound = value }
        return bound
    }

    /// The columns `positionedRecords` reads, in its order.
    static let eventColumns = """
        cursor, id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason,
            occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced
        """

    /// The records of rows of `eventColumns`, each with its cursor.
    static func positionedRecords(_ rows: [PostgresRow]) throws -> [(cursor: Int64, record: EventRecord)] {
        try rows.map { row in
            let (
                position, id, kiosk, seq, reader, uid, studentID, kind, direction, outcome, reason, occurredAt, recordedAt, monotonic, bootID,
                synced
            ) =
                try row.decode(
                    (Int64, String, String, Int64, String, String?, String?, String, String?, String, String?, Int64, Int64, Int64, String, Bool)
                        .self
                )
            let record = EventRecord(
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
            return (position, record)
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
            for id in try await query("SELECT id FROM event ORDER BY id").decode(String.self) {
                ids.append(id)
            }
            return ids
        }
    }
}
