import Foundation
import GRDB
public import KioskCore
public import KioskStore
import Synchronization

/// The kiosk's SQLite journal: the single source of truth. WAL mode, `synchronous=FULL`, one writer;
/// a call that records something returns only after its transaction committed.
public struct Journal: Sendable {
    /// The SQLite database it keeps (what the checkpoints of `CheckpointService` work on).
    public let database: StoreDatabase
    /// The kiosk that stamps the events recorded here.
    public let kioskID: String
    let host: HostClock
    /// Counts this process's writes that change the facts of a day other than by recording a read.
    let factChanges = FactChanges()

    /// How a command uses the journal: `recording` may write; `reading` never writes a byte to an existing,
    /// up-to-date journal (`kiosk report`, `status`).
    public enum Use: Sendable {
        case recording
        case reading
    }

    /// Opens (creating if needed) the journal at `path`. A file that is empty, not a SQLite database, damaged,
    /// another program's or written by a newer schema is refused and never overwritten or repaired.
    public static func open(path: String, kioskID: String, for use: Use = .recording) throws(KioskError) -> Journal {
        let database = try StoreDatabase.open(
            path: path,
            schema: JournalSchema.schema,
            access: use == .reading ? .readOnly : .readWrite,
            footprint: .gate
        )
        return Journal(database: database, kioskID: kioskID, host: HostClock())
    }

    var writer: any DatabaseWriter { database.writer }

    /// Whether the host's clock is synchronised now, as every event recorded now is stamped (`clockSynced`).
    public var clockSynchronised: Bool { host.isSynchronised() }

    /// Closes the journal at the end of a clean stop, so the next start need not check the whole file; nothing may
    /// use the journal afterwards.
    public func close() throws(KioskError) {
        try database.close()
    }

    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        try await database.write(updates)
    }

    /// A write that changes the facts of a day (a pull, an import, a pass, a manual entry): once it committed, a
    /// summary kept in memory must read the day again.
    func writeFacts<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        let value = try await database.write(updates)
        factChanges.note()
        return value
    }

    /// Where the journal's facts stand, other than the reads this process records: a summary that keeps the day in
    /// memory and applies the reads it is told of reads the day again when this changed.
    public func changeStamp() async throws(KioskError) -> JournalChangeStamp {
        let thisProcess = factChanges.count
        // `data_version` of the writer connection changes when another connection (another process) commits.
        let otherProcesses = try await database.onWriterConnection {
            try Int.fetchOne($0.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        }
        return JournalChangeStamp(otherProcesses: otherProcesses, thisProcess: thisProcess)
    }

    func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        try await database.read(value)
    }
}

/// Where a journal's facts stand apart from the reads one process records; equal stamps mean nothing else changed.
public struct JournalChangeStamp: Sendable, Hashable {
    let otherProcesses: Int
    let thisProcess: Int
}

/// A counter shared by the copies of one opened journal.
final class FactChanges: Sendable {
    private let changes = Mutex(0)

    var count: Int { changes.withLock { $0 } }

    func note() { changes.withLock { $0 += 1 } }
}
