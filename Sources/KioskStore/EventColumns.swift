import Foundation
public import GRDB
public import KioskCore

/// The columns every store's `event` table has, and an `EventRecord`'s values for them: instants in Unix
/// milliseconds (`storeMillis`), enums by raw value.
public enum EventColumns {
    /// The column names, in the order of `arguments(_:)`.
    public static let names =
        "id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason, "
        + "occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced"
    /// One `?` per column.
    public static let placeholders = Array(repeating: "?", count: 15).joined(separator: ", ")

    /// The record's values for `names`.
    public static func arguments(_ record: EventRecord) -> StatementArguments {
        [
            record.id.rawValue, record.kioskID, record.seq, record.reader, record.uid?.hex, record.studentID, record.kind.rawValue,
            record.direction?.rawValue, record.outcome.rawValue, record.reason, record.occurredAt.storeMillis,
            record.recordedAt.storeMillis, record.monotonicNanoseconds, record.bootID, record.clockSynchronised,
        ]
    }

    /// The record a row holds (read by name; a wrong type throws). A value no version ever wrote reads as the
    /// least it could mean: an unknown kind or outcome, no direction.
    public static func record(_ row: Row) throws -> EventRecord {
        let uid: String? = try row.decode(forColumn: "uid")
        let direction: String? = try row.decode(forColumn: "direction")
        return EventRecord(
            id: EventID(rawValue: try row.decode(forColumn: "id")),
            kioskID: try row.decode(forColumn: "kiosk_id"),
            seq: try row.decode(forColumn: "seq"),
            reader: try row.decode(forColumn: "reader"),
            uid: uid.flatMap { try? TagUID(parsing: $0) },
            studentID: try row.decode(forColumn: "student_id"),
            kind: EventKind(rawValue: try row.decode(forColumn: "kind")) ?? .unknown,
            direction: direction.flatMap(Direction.init(rawValue:)),
            outcome: EventOutcome(rawValue: try row.decode(forColumn: "outcome")) ?? .unknown,
            reason: try row.decode(forColumn: "reason"),
            occurredAt: Date(storeMillis: try row.decode(forColumn: "occurred_at")),
            recordedAt: Date(storeMillis: try row.decode(forColumn: "recorded_at")),
            monotonicNanoseconds: try row.decode(forColumn: "monotonic_ns"),
            bootID: try row.decode(forColumn: "boot_id"),
            clockSynchronised: try row.decode(forColumn: "clock_synced")
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
