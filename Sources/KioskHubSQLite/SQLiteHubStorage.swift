public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore
import Logging
public import ServiceLifecycle

/// The embedded hub storage: `hub.sqlite` under the data directory. WAL mode with `synchronous=FULL` and one
/// writer, so several kiosks pushing at once are serialised and an acknowledged batch is on disk; their batches
/// share commits (`GroupCommit`).
public struct SQLiteHubStorage: HubStorage {
    let database: StoreDatabase
    let eventWrites = GroupCommit<SQLiteEventBatch, [EventInsertion]>()
    public let changes = HubChanges()
    private let checkpoints: CheckpointService

    init(database: StoreDatabase) {
        self.database = database
        checkpoints = CheckpointService(database: database, logger: Logger(label: "kiosk-hub"))
        checkpoints.followCommits()
    }

    /// Checkpoints off the commit path, after any write, so a batch's commit never waits for one; and hears of other
    /// processes' commits.
    public var backgroundServices: [any Service] {
        [checkpoints, SQLiteOtherProcessCommits(database: database, changes: changes, interval: .seconds(1))]
    }

    /// Only this process can hear of its changes: it hands them to its subscribers at once.
    public func announce(_ change: HubChange) async {
        changes.publish(change)
    }

    /// Nothing to wait for: announcements are handed out as they are made.
    public func announcementsSent() async {}

    /// Opens (creating if needed) `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String) throws(KioskError) -> SQLiteHubStorage {
        try open(path: databasePath(dataDirectory: dataDirectory))
    }

    /// Closes the database; the storage is not used afterwards.
    public func close() throws(KioskError) {
        try database.close()
    }

    /// Opens (creating if needed) the hub database at `path`.
    public static func open(path: String) throws(KioskError) -> SQLiteHubStorage {
        SQLiteHubStorage(database: try StoreDatabase.open(path: path, schema: SQLiteHubSchema.schema, footprint: .hub))
    }

    public func isHealthy() async -> Bool {
        (try? await database.writer.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
    }

    public func addProperty(_ property: HubProperty, createdAt: Date) async throws(KioskError) -> Bool {
        let row = PropertyRow(property)
        return try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO property (id, name, timezone, day_starts_at, curfew, debounce_seconds, initial_state, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING
                    """,
                arguments: [
                    row.id, row.name, row.timeZone, row.dayStartsAt, row.curfew, row.debounceSeconds, row.initialState, createdAt.storeMillis,
                ]
            )
            return db.changesCount == 1
        }
    }

    public func properties() async throws(KioskError) -> [HubProperty] {
        let rows = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM property ORDER BY id").map { row in
                PropertyRow(
                    id: row["id"],
                    name: row["name"],
                    timeZone: row["timezone"],
                    dayStartsAt: row["day_starts_at"],
                    curfew: row["curfew"],
                    debounceSeconds: row["debounce_seconds"],
                    initialState: row["initial_state"]
                )
            }
        }
        return try rows.map { row throws(KioskError) in try row.property() }
    }

    public func insert(_ records: [EventRecord], property: String, receivedAt: Date) async throws(KioskError) -> [EventInsertion] {
        let database = database
        let batch = SQLiteEventBatch(records: records, property: property, receivedAt: receivedAt)
        return try await eventWrites.commit(batch) { batches in
            await Self.write(batches, into: database)
        }
    }

    public func records(
        after cursor: Int64,
        limit: Int,
        property: String,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64) {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(EventColumns.names), cursor FROM event
                    WHERE property_id = ? AND cursor > ? AND kiosk_id != ? ORDER BY cursor LIMIT ?
                    """,
                arguments: [property, cursor, kioskID, limit]
            )
            let next: Int64 =
                if let last = rows.last { last["cursor"] } else { max(cursor, try Int64.fetchOne(db, sql: "SELECT MAX(cursor) FROM event") ?? 0) }
            return (try rows.map(EventColumns.record), next)
        }
    }

    public func eventIDs() async throws(KioskError) -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM event ORDER BY id") }
    }

    public func kioskIDs(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: String] {
        try await database.read { db in try EventColumns.kioskIDs(of: ids, db) }
    }

    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool, property: String) async throws(KioskError) -> RosterImportSummary {
        try await database.write { db in
            let summary = try RosterTables.importRows(rows, file: file, replace: replace, scope: .property(property), in: db)
            try Self.replaceParentContacts(RosterRow.parentContacts(of: rows), property: property, db)
            return summary
        }
    }

    public func roster(property: String) async throws(KioskError) -> [RosterEntry] {
        try await database.read { db in try RosterTables.entries(scope: .property(property), db) }
    }

    public func attendanceFacts(
        from start: Date,
        to end: Date,
        policy: AttendancePolicy,
        property: String
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)
    {
        try await database.read { db in
            let facts = try AttendanceFacts(db, from: start, to: end, policy: policy, scope: .property(property))
            let lastReceived = try Int64.fetchOne(db, sql: "SELECT MAX(received_at) FROM event WHERE property_id = ?", arguments: [property])
            return (facts, lastReceived.map(Date.init(storeMillis:)))
        }
    }

    public func addToken(hash: String, holder: TokenHolder, createdAt: Date) async throws(KioskError) {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO token (hash, role, kiosk_id, property_id, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [hash, holder.role, holder.kioskID, holder.propertyID, createdAt.storeMillis]
            )
        }
    }

    public func holder(tokenHash hash: String) async throws(KioskError) -> TokenHolder? {
        try await database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT role, kiosk_id, property_id FROM token WHERE hash = ?"), arguments: [hash]).flatMap {
                row in
                TokenHolder(role: row["role"], kioskID: row["kiosk_id"], propertyID: row["property_id"])
            }
        }
    }

    public func property(ofKiosk kioskID: String) async throws(KioskError) -> String? {
        try await database.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT property_id FROM token WHERE kiosk_id = ?
                    UNION ALL SELECT property_id FROM (SELECT property_id FROM event WHERE kiosk_id = ? LIMIT 1) LIMIT 1
                    """,
                arguments: [kioskID, kioskID]
            )
        }
    }

    public func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM token WHERE substr(hash, 1, ?) = ?", arguments: [prefix.count, prefix])
            return db.changesCount
        }
    }

    public func tokens() async throws(KioskError) -> [StoredToken] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT role, kiosk_id, property_id, hash, created_at FROM token ORDER BY kiosk_id IS NULL, kiosk_id, created_at"
            ).compactMap { row in
                TokenHolder(role: row["role"], kioskID: row["kiosk_id"], propertyID: row["property_id"]).map {
                    StoredToken(holder: $0, hash: row["hash"], createdAt: Date(storeMillis: row["created_at"]))
                }
            }
        }
    }

    public func counts() async throws(KioskError) -> HubStoreCounts {
        try await database.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM property), (SELECT COUNT(*) FROM student), (SELECT COUNT(*) FROM tag),
                        (SELECT COUNT(*) FROM token), (SELECT COUNT(*) FROM event), (SELECT COUNT(*) FROM hub_user), (SELECT COUNT(*) FROM alert)
                    """
            )
            return HubStoreCounts(
                properties: row?[0] ?? 0,
                students: row?[1] ?? 0,
                tags: row?[2] ?? 0,
                tokens: row?[3] ?? 0,
                events: row?[4] ?? 0,
                users: row?[5] ?? 0,
                alerts: row?[6] ?? 0
            )
        }
    }

    /// Up to `limit` stored events after `cursor`, in cursor order, with their property and arrival: what a copy of
    /// the database to PostgreSQL reads.
    public func storedEvents(after cursor: Int64, limit: Int) async throws(KioskError) -> [StoredEvent] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(EventColumns.names), cursor, property_id, received_at FROM event WHERE cursor > ? ORDER BY cursor LIMIT ?",
                arguments: [cursor, limit]
            ).map { row in
                StoredEvent(
                    cursor: row["cursor"],
                    property: row["property_id"],
                    receivedAt: Date(storeMillis: row["received_at"]),
                    record: try EventColumns.record(row)
                )
            }
        }
    }
}
