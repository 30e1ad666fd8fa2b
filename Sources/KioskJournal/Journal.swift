import Foundation
import GRDB
public import KioskCore

/// The kiosk's SQLite journal: the single source of truth. WAL mode, `synchronous=FULL`, one writer;
/// a call that records something returns only after its transaction committed.
public struct Journal: Sendable {
    let writer: any DatabaseWriter
    /// The kiosk that stamps the events recorded here.
    public let kioskID: String
    let host: HostClock

    /// Opens (creating if needed) the journal at `path`. A file that is not a SQLite database, is corrupt,
    /// belongs to another program or was written by a newer schema is refused and never overwritten.
    public static func open(path: String, kioskID: String) throws(KioskError) -> Journal {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw KioskError(.ioError, "cannot create data directory \(directory): \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pool: DatabasePool
        do {
            try checkExistingFile(path)
            pool = try DatabasePool(path: path, configuration: configuration)
            // After the pool's own WAL set-up, which chooses NORMAL: a tap is durable when its commit returns.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try JournalSchema.migrator.migrate(pool)
        } catch let error as KioskError {
            throw error
        } catch {
            throw refusal(path, error)
        }
        return Journal(writer: pool, kioskID: kioskID, host: HostClock())
    }

    /// Checks an existing file read-only before anything (even switching to WAL) may write to it.
    private static func checkExistingFile(_ path: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        // A running kiosk may hold the file for a moment (a checkpoint as it stops): wait, as the pool does.
        configuration.busyMode = .timeout(10)
        try JournalSchema.check(try DatabaseQueue(path: path, configuration: configuration), path: path)
    }

    private static func refusal(_ path: String, _ error: any Error) -> KioskError {
        if let error = error as? DatabaseError, [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            return KioskError(.ioError, "journal \(path) is not a kiosk journal or is corrupt (\(error.resultCode)); refusing to touch it")
        }
        if let error = error as? DatabaseError, [.SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM].contains(error.resultCode) {
            return KioskError(.ioError, "cannot open journal \(path) for writing: \(error.message ?? "\(error.resultCode)")")
        }
        return KioskError(.ioError, "journal \(path): \(error)")
    }

    /// Runs a write transaction, turning database failures (disk full, I/O error) into an I/O error.
    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.write(updates)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "journal write failed, nothing was recorded: \(Self.shortDescription(of: error))")
        }
    }

    /// Runs a read, turning database failures into an I/O error.
    func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.read(value)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "journal read failed: \(Self.shortDescription(of: error))")
        }
    }

    /// SQLite's own words and code ("database or disk is full (SQLite 13)"), short enough for the screen.
    private static func shortDescription(of error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        return "\(error.message ?? "\(error.resultCode)") (SQLite \(error.extendedResultCode.rawValue))"
    }
}
