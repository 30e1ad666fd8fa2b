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
    /// batch is tried again in a transaction of its own, so a batch the database refuses fails alone; once the database
    /// is out of reach, the batches not yet tried fail with that at once (each try may wait the whole deadline).
    private func write(_ batches: [EventBatchInsert]) async -> [Result<[EventInsertion], KioskError>] {
        do throws(KioskError) {
            return try await store(batches).map { .success($0) }
        } catch {
            guard batches.count > 1, error.domain != .unavailable else { return batches.map { _ in .failure(error) } }
            var outcomes: [Result<[EventInsertion], KioskError>] = []
            var unreachable: KioskError?
            for batch in batches {
                if let unreachable {
                    outcomes.append(.failure(unreachable))
                    continue
                }
                do throws(KioskError) {
                    outcomes.append(.success(try await store([batch])[0]))
                } catch {
                    outcomes.append(.failure(error))
                    if error.domain == .unavailable { unreachable = error }
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
    /// reads one short statement instead of one with a parameter per column and row. A column that may be NULL comes as its
    /// values and whether each is there. `keepingCursors` keeps each event's own place in the pull feed (a copy of
    /// another store), otherwise each takes the transaction's next place (`PostgresEventFeed`; one INSERT of this kind
    /// a transaction). `skippingConflicts` skips what the unique id or (kiosk, seq) refuses and returns the ids stored;
    /// otherwise the statement fails on the first such event.
    static func insertion(_ events: [StoredEvent], keepingCursors: Bool, skippingConflicts: Bool) -> PostgresQuery {
        let records = events.map(\.record)
        var bindings = PostgresBindings(capacity: EventField.allCases.count + 8)
        bindings.append(events.map(\.cursor))
        for field in EventField.allCases {
            let values = records.map(field.value(in:))
            switch field.storage {
            case .text:
                let texts = values.map { value -> String? in if case .text(let text) = value { text } else { nil } }
                bindings.append(texts.map { $0 ?? "" })
                if field.isOptional { bindings.append(texts.map { $0 != nil }) }
            case .integer:
                let numbers = values.map { value -> Int64? in if case .integer(let number) = value { number } else { nil } }
                bindings.append(numbers.map { $0 ?? 0 })
                if field.isOptional { bindings.append(numbers.map { $0 != nil }) }
            case .boolean:
                bindings.append(values.map { value -> Bool in if case .boolean(let flag) = value { flag } else { false } })
            }
        }
        bindings.append(events.map(\.receivedAt.storeMillis))
        bindings.append(events.map(\.property))
        let cursor = keepingCursors ? "cursor" : "\(PostgresEventFeed.firstCursorOfTransaction) + position - 1"
        let conflicts = skippingConflicts ? "ON CONFLICT DO NOTHING RETURNING id" : ""
        return PostgresQuery(
            unsafeSQL: """
                INSERT INTO event (cursor, \(EventField.columnList), received_at, property_id)
                SELECT \(cursor), \(unnestedSelection), received_at, property_id
                FROM UNNEST(\(unnestedArrays)) WITH ORDINALITY AS batch(\(unnestedColumns), position)
                ORDER BY position
                \(conflicts)
                """,
            binds: bindings
        )
    }

    /// The arrays `insertion` binds, in order: the cursors, each field's values (and for an optional field whether
    /// each is there), the instants received and the properties.
    private static let unnestedArrays: String = {
        var types = ["bigint"]
        for field in EventField.allCases {
            switch field.storage {
            case .text: types.append("text")
            case .integer: types.append("bigint")
            case .boolean: types.append("boolean")
            }
            if field.isOptional { types.append("boolean") }
        }
        types += ["bigint", "text"]
        return types.enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }.joined(separator: ", ")
    }()

    /// The names of `unnestedArrays`' columns.
    private static let unnestedColumns =
        (["cursor"] + EventField.allCases.flatMap { $0.isOptional ? [$0.column, "has_\($0.column)"] : [$0.column] }
        + ["received_at", "property_id"]).joined(separator: ", ")

    /// Each field's value from the arrays: NULL where an optional one is not there.
    private static let unnestedSelection = EventField.allCases.map { field in
        field.isOptional ? "CASE WHEN has_\(field.column) THEN \(field.column) END" : field.column
    }.joined(separator: ", ")

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
    static let eventColumns = "cursor, \(EventField.columnList)"

    /// The records of rows of `eventColumns`, each with its cursor.
    static func positionedRecords(_ rows: [PostgresRow]) throws -> [(cursor: Int64, record: EventRecord)] {
        try rows.map { row in
            let (
                position, id, kiosk, seq, reader, uid, studentID, kind, direction, outcome, reason, occurredAt, recordedAt, monotonic, bootID,
                synced, sunCounter
            ) =
                try row.decode(
                    (
                        Int64, String, String, Int64, String, String?, String?, String, String?, String, String?, Int64, Int64, Int64, String, Bool,
                        Int64?
                    )
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
                clockSynchronised: synced,
                sunCounter: sunCounter
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
