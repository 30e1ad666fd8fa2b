import Foundation
import GRDB
public import KioskCore
import KioskStore

/// The kiosk's SQLite journal: the single source of truth. WAL mode, `synchronous=FULL`, one writer;
/// a call that records something returns only after its transaction committed.
public struct Journal: Sendable {
    let database: StoreDatabase
    /// The kiosk that stamps the events recorded here.
    public let kioskID: String
    let host: HostClock

    /// How a command uses the journal: `recording` may write; `reading` never writes a byte to an existing,
    /// up-to-date journal (`kiosk report`, `status`).
    public enum Use: Sendable {
        case recording
        case reading
    }

    /// Opens (creating if needed) the journal at `path`. A file that is empty, not a SQLite database, damaged,
    /// another program's or written by a newer schema is refused and never overwritten or repaired.
    public static func open(path: String, kioskID: String, for use: Use = .recording) throws(KioskError) -> Journal {
        let database = try StoreDatabase.open(path: path, schema: JournalSchema.schema, access: use == .reading ? .readOnly : .readWrite)
        return Journal(database: database, kioskID: kioskID, host: HostClock())
    }

    var writer: any DatabaseWriter { database.writer }

    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        try await database.write(updates)
    }

    func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        try await database.read(value)
    }
}
