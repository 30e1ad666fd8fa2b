public import Foundation
import GRDB
public import KioskCore
import KioskStore

/// The embedded hub storage: `hub.sqlite` under the data directory. WAL mode with `synchronous=FULL` and one
/// writer, so several kiosks pushing at once are serialised and an acknowledged batch is on disk.
public struct SQLiteHubStorage: HubStorage {
    let database: StoreDatabase

    /// Opens (creating if needed) `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String) throws(KioskError) -> SQLiteHubStorage {
        let path = (dataDirectory as NSString).appendingPathComponent("hub.sqlite")
        return SQLiteHubStorage(database: try StoreDatabase.open(path: path, schema: SQLiteHubSchema.schema))
    }

    public func isHealthy() async -> Bool {
        (try? await database.writer.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
    }

    public func insert(_ records: [EventRecord], receivedAt: Date) async throws(KioskError) -> [EventInsertion] {
        try await database.write { db in
            // Prepared once for the whole batch: preparing them again for each event costs more than the insert.
            let insert = try db.cachedStatement(
                sql: "INSERT INTO event (\(EventColumns.names), received_at) VALUES (\(EventColumns.placeholders), ?) ON CONFLICT(id) DO NOTHING"
            )
            let owner = try db.cachedStatement(sql: "SELECT kiosk_id FROM event WHERE id = ?")
            let seqHolder = try db.cachedStatement(sql: "SELECT id FROM event WHERE kiosk_id = ? AND seq = ? AND id != ? LIMIT 1")
            return try records.map { record in
                if try String.fetchOne(seqHolder, arguments: [record.kioskID, record.seq, record.id.rawValue]) != nil {
                    return try String.fetchOne(owner, arguments: [record.id.rawValue]) == nil ? .seqTaken : .idOfAnotherKiosk
                }
                var arguments = EventColumns.arguments(record)
                arguments += [receivedAt.storeMillis]
                try insert.execute(arguments: arguments)
                if db.changesCount == 1 { return .stored }
                return try String.fetchOne(owner, arguments: [record.id.rawValue]) == record.kioskID ? .duplicate : .idOfAnotherKiosk
            }
        }
    }

    public func records(
        after cursor: Int64,
        limit: Int,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64) {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT cursor, \(EventColumns.names) FROM event WHERE cursor > ? AND kiosk_id != ? ORDER BY cursor LIMIT ?",
                arguments: [cursor, kioskID, limit]
            )
            let next: Int64 =
                if let last = rows.last { last["cursor"] } else { max(cursor, try Int64.fetchOne(db, sql: "SELECT MAX(cursor) FROM event") ?? 0) }
            return (try rows.map(EventColumns.record), next)
        }
    }

    public func eventIDs() async throws(KioskError) -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM event ORDER BY id") }
    }

    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary {
        try await database.write { db in try RosterTables.importRows(rows, file: file, replace: replace, in: db) }
    }

    public func roster() async throws(KioskError) -> [RosterEntry] {
        try await database.read { db in try RosterTables.entries(db) }
    }

    public func attendanceFacts(
        on date: AttendanceDate,
        evaluatedAt: Date,
        policy: AttendancePolicy
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)
    {
        try await database.read { db in
            let facts = try AttendanceFacts(db, date: date, evaluatedAt: evaluatedAt, policy: policy)
            let lastReceived = try Int64.fetchOne(db, sql: "SELECT MAX(received_at) FROM event")
            return (facts, lastReceived.map(Date.init(storeMillis:)))
        }
    }

    public func addToken(hash: String, kioskID: String, createdAt: Date) async throws(KioskError) {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO token (hash, kiosk_id, created_at) VALUES (?, ?, ?)", arguments: [hash, kioskID, createdAt.storeMillis])
        }
    }

    public func kiosk(tokenHash hash: String) async throws(KioskError) -> String? {
        try await database.read { db in try String.fetchOne(db, sql: "SELECT kiosk_id FROM token WHERE hash = ?", arguments: [hash]) }
    }

    public func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM token WHERE substr(hash, 1, ?) = ?", arguments: [prefix.count, prefix])
            return db.changesCount
        }
    }

    public func tokens() async throws(KioskError) -> [(kioskID: String, hash: String, createdAt: Date)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT kiosk_id, hash, created_at FROM token ORDER BY kiosk_id, created_at").map { row in
                (row["kiosk_id"], row["hash"], Date(storeMillis: row["created_at"]))
            }
        }
    }
}
