import Foundation
public import GRDB
public import KioskCore

/// The columns every SQLite store's `event` table has (`EventField`), and an `EventRecord`'s values for them.
public enum EventColumns {
    /// The column names, in the order of `arguments(_:)`.
    public static let names = EventField.columnList
    /// One `?` per column.
    public static let placeholders = Array(repeating: "?", count: EventField.allCases.count).joined(separator: ", ")

    /// The record's values for `names`.
    public static func arguments(_ record: EventRecord) -> StatementArguments {
        StatementArguments(
            EventField.allCases.map { field -> (any DatabaseValueConvertible)? in
                switch field.value(in: record) {
                case .text(let text): text
                case .integer(let value): value
                case .boolean(let value): value
                }
            }
        )
    }

    /// The records of the rows `sql` selects (`names` first), each decoded where the statement reads it: a row
    /// `fetchAll` copied decodes every value through a `DatabaseValue`, which costs as much again as the query (P4's
    /// pending batches and the hub's log).
    public static func records(_ db: Database, sql: String, arguments: StatementArguments) throws -> [EventRecord] {
        try Array(Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments).map(record))
    }

    /// The record a row holds in its first columns, in the order of `names` (read by position: looking each column up
    /// by name cost more than the rest of reading a pending batch). A wrong type throws; a value no version ever wrote
    /// reads as the least it could mean: an unknown kind or outcome, no direction.
    public static func record(_ row: Row) throws -> EventRecord {
        let uid: String? = try row.decode(atIndex: 4)
        let direction: String? = try row.decode(atIndex: 7)
        return EventRecord(
            id: EventID(rawValue: try row.decode(atIndex: 0)),
            kioskID: try row.decode(atIndex: 1),
            seq: try row.decode(atIndex: 2),
            reader: try row.decode(atIndex: 3),
            uid: uid.flatMap { try? TagUID(parsing: $0) },
            studentID: try row.decode(atIndex: 5),
            kind: EventKind(rawValue: try row.decode(atIndex: 6)) ?? .unknown,
            direction: direction.flatMap(Direction.init(rawValue:)),
            outcome: EventOutcome(rawValue: try row.decode(atIndex: 8)) ?? .unknown,
            reason: try row.decode(atIndex: 9),
            occurredAt: Date(storeMillis: try row.decode(atIndex: 10)),
            recordedAt: Date(storeMillis: try row.decode(atIndex: 11)),
            monotonicNanoseconds: try row.decode(atIndex: 12),
            bootID: try row.decode(atIndex: 13),
            clockSynchronised: try row.decode(atIndex: 14),
            sunCounter: try row.decode(atIndex: 15)
        )
    }

    /// The kiosk that recorded each of `ids` (those stored), for the muster's "which gate".
    public static func kioskIDs(of ids: [EventID], _ db: Database) throws -> [EventID: String] {
        var kiosks: [EventID: String] = [:]
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(ids.count, start + 500)]
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, kiosk_id FROM event WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(chunk.map(\.rawValue))
            )
            for row in rows { kiosks[EventID(rawValue: row["id"])] = row["kiosk_id"] }
        }
        return kiosks
    }
}
