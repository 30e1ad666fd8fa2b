import Foundation
import GRDB
import GRDBSQLite
import KioskCore
import KioskHubStorage
import KioskStore

/// The column values of a batch's events, laid out before the batch waits for the hub's one writer so that the writer
/// binds each value straight to SQLite's insert statement: texts in place, from one buffer for the whole batch, with
/// no copy and no allocation per value (GRDB's `StatementArguments` path took a sixth of the writer's time).
///
/// Earned by P5 (the SQLite hub's one writer is its bound: 97.5k/100.6k → 116.7k/110.0k records/s in alternating
/// runs when it came in) and P4's hub side.
struct SQLiteEventValues: Sendable {
    /// One column's value: a text is `count` bytes of `bytes` from `start`.
    enum Value: Sendable {
        case null
        case integer(Int64)
        case text(start: Int, count: Int)
    }

    /// The columns of one event: `EventColumns.names` (each `EventField`, in order), then `received_at` and `property_id`.
    static let columns = EventField.allCases.count + 2

    /// The UTF-8 of every text, then one zero byte, so that even an empty text has an address.
    private var bytes: ContiguousArray<UInt8> = []
    private var values: ContiguousArray<Value> = []

    /// `records`' values, each received at `receivedAt` (Unix milliseconds) for `property`.
    init(_ records: [EventRecord], receivedAt: Int64, property: String) {
        values.reserveCapacity(records.count * Self.columns)
        bytes.reserveCapacity(records.count * 160)
        for record in records {
            append(text: record.id.rawValue)
            append(text: record.kioskID)
            values.append(.integer(record.seq))
            append(text: record.reader)
            append(text: record.uid?.hex)
            append(text: record.studentID)
            append(text: record.kind.rawValue)
            append(text: record.direction?.rawValue)
            append(text: record.outcome.rawValue)
            append(text: record.reason)
            values.append(.integer(record.occurredAt.storeMillis))
            values.append(.integer(record.recordedAt.storeMillis))
            values.append(.integer(record.monotonicNanoseconds))
            append(text: record.bootID)
            values.append(.integer(record.clockSynchronised ? 1 : 0))
            values.append(record.sunCounter.map(Value.integer) ?? .null)
            values.append(.integer(receivedAt))
            append(text: property)
        }
        bytes.append(0)
    }

    private mutating func append(text: String?) {
        guard var text else { return values.append(.null) }
        let start = bytes.count
        text.withUTF8 { bytes.append(contentsOf: $0) }
        values.append(.text(start: start, count: bytes.count - start))
    }

    /// Binds event `index`'s values to the first parameters of `statement` and runs it once. The bindings point into
    /// this value's buffer only while it runs: they are cleared before it returns.
    func insert(_ index: Int, with statement: Statement) throws {
        let handle = statement.sqliteStatement
        try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { throw DatabaseError(message: "the batch's values were not laid out") }
            defer { sqlite3_clear_bindings(handle) }
            sqlite3_reset(handle)
            for column in 0..<Self.columns {
                let position = Int32(column + 1)
                switch values[index * Self.columns + column] {
                case .null: sqlite3_bind_null(handle, position)
                case .integer(let value): sqlite3_bind_int64(handle, position, value)
                case .text(let start, let count):
                    _ = (base + start).withMemoryRebound(to: CChar.self, capacity: count) { text in
                        sqlite3_bind_text(handle, position, text, Int32(count), nil)
                    }
                }
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE else {
                let message = sqlite3_db_handle(handle).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                sqlite3_reset(handle)
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
        }
    }
}
