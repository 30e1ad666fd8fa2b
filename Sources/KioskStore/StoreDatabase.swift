import Foundation
public import GRDB
public import KioskCore

/// One of the project's SQLite databases (the kiosk's journal, the hub's database), opened with the same care:
/// created owner-only, checked read-only before anything may write to it (whole, unless its last clean close left
/// it untouched), WAL mode with `synchronous=FULL`, and database failures turned into one clear I/O error.
public struct StoreDatabase: Sendable {
    /// The connection; a database opened for reading refuses writes.
    public let writer: any DatabaseWriter
    public let schema: StoreSchema
    /// How much memory its connections may keep.
    public let footprint: StoreFootprint

    /// How a database is opened.
    public enum Access: Sendable {
        /// Creates the file if needed, runs the migrations and checks the file's integrity first.
        case readWrite
        /// Reads an existing, up-to-date file without writing a byte to it; otherwise opens as `readWrite`.
        case readOnly
    }

    /// Opens (creating if needed) the database at `path`. A file that is empty, not a SQLite database, damaged,
    /// another program's or written by a newer schema is refused and never overwritten or repaired.
    public static func open(
        path: String,
        schema: StoreSchema,
        access: Access = .readWrite,
        footprint: StoreFootprint = .standard
    ) throws(KioskError) -> StoreDatabase {
        let file = StoreFile(path: path, noun: schema.noun)
        try file.createDirectory()
        do {
            if file.exists {
                try file.refuseEmpty()
                // A file exactly as its program's last clean close left it was checked then: reading a large one
                // whole again would hold up every start. After any other stop it is checked whole.
                let integrity = access == .readWrite && !CleanClose(databasePath: path).consume()
                let upToDate = try check(path: path, schema: schema, integrity: integrity)
                if access == .readOnly && upToDate {
                    var configuration = Configuration()
                    configuration.readonly = true
                    configuration.busyMode = .timeout(10)
                    footprint.configure(&configuration)
                    return StoreDatabase(writer: try DatabaseQueue(path: path, configuration: configuration), schema: schema, footprint: footprint)
                }
            } else {
                try file.createOwnerOnly()
            }
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            footprint.configure(&configuration)
            let pool = try DatabasePool(path: path, configuration: configuration)
            // After the pool's own WAL set-up, which chooses NORMAL: a write is durable when its commit returns.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try schema.migrator().migrate(pool)
            return StoreDatabase(writer: pool, schema: schema, footprint: footprint)
        } catch let error as KioskError {
            throw error
        } catch {
            throw refusal(path, schema: schema, error)
        }
    }

    /// Checks an existing file read-only before anything (even switching to WAL) may write to it: ours, not from a
    /// newer schema and, when it is to be written, intact. Returns whether every migration has been applied.
    private static func check(path: String, schema: StoreSchema, integrity: Bool) throws -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        // A running program may hold the file for a moment (a checkpoint as it stops): wait, as the pool does.
        configuration.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: configuration).read { db in
            let upToDate = try schema.check(db, path: path)
            if integrity, let damage = try String.fetchOne(db, sql: "PRAGMA quick_check(1)"), damage != "ok" {
                throw KioskError(.ioError, damaged(path, schema: schema, detail: damage))
            }
            return upToDate
        }
    }

    private static func damaged(_ path: String, schema: StoreSchema, detail: String) -> String {
        "\(schema.noun) \(path) is damaged (\(detail)); refusing to write to it. It may hold the only copy of records: "
            + "stop \(schema.program), copy the file and its -wal file aside, and recover them with `sqlite3 \(path) .recover` "
            + "into a new database (README, \"A damaged database\")"
    }

    private static func refusal(_ path: String, schema: StoreSchema, _ error: any Error) -> KioskError {
        if let error = error as? DatabaseError, [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            return KioskError(.ioError, damaged(path, schema: schema, detail: "\(error.message ?? "\(error.resultCode)")"))
        }
        if let error = error as? DatabaseError, [.SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM].contains(error.resultCode) {
            return KioskError(.ioError, "cannot open \(schema.noun) \(path) for writing: \(error.message ?? "\(error.resultCode)")")
        }
        return KioskError(.ioError, "\(schema.noun) \(path): \(shortDescription(of: error))")
    }

    /// Closes the database (SQLite checkpoints and removes its write-ahead log) and records that it was closed
    /// cleanly, so the next open for writing need not check the whole file. Nothing may use it afterwards.
    public func close() throws(KioskError) {
        do {
            try writer.close()
        } catch {
            throw KioskError(.ioError, "\(schema.noun) could not be closed: \(Self.shortDescription(of: error))")
        }
        CleanClose(databasePath: writer.path).record()
    }

    /// Runs a write transaction, turning database failures (disk full, I/O error) into an I/O error.
    public func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.write(updates)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "\(schema.noun) write failed, nothing was recorded: \(Self.shortDescription(of: error))")
        }
    }

    /// Runs `value` on the writer's own connection, outside a transaction, for what only that connection knows
    /// (`PRAGMA data_version`).
    public func onWriterConnection<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.writeWithoutTransaction(value)
        } catch {
            throw KioskError(.ioError, "\(schema.noun) read failed: \(Self.shortDescription(of: error))")
        }
    }

    /// Rewrites the database file whole (VACUUM: no free page keeps a deleted row) and empties its write-ahead log,
    /// so that nothing deleted or replaced stays readable in either file. Waits for the other connections' writes;
    /// tries the emptying again, pausing between tries (20 ms doubling up to a second), while another connection keeps
    /// it from finishing (a serving hub's own checkpoint refuses a second one at once rather than waiting): an I/O
    /// error after `compactionTries` of them.
    public func compact() async throws(KioskError) {
        do {
            try await writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        } catch {
            throw KioskError(.ioError, "\(schema.noun) could not be rewritten: \(Self.shortDescription(of: error))")
        }
        var pause = Duration.milliseconds(20)
        for _ in 1..<Self.compactionTries {
            if try await emptyWriteAheadLog() { return }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(1))
        }
        guard try await emptyWriteAheadLog() else {
            throw KioskError(.ioError, "\(schema.noun)'s write-ahead log could not be emptied while another connection used it; try again")
        }
    }

    /// How many times `compact` tries to empty the write-ahead log: about 35 s of pauses in all.
    private static let compactionTries = 40

    /// Copies the write-ahead log into the database file and truncates it to nothing; false when another connection
    /// kept it from finishing.
    private func emptyWriteAheadLog() async throws(KioskError) -> Bool {
        do {
            return try await writer.writeWithoutTransaction { db in
                let checkpoint = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return checkpoint.map { ($0[0] as Int) == 0 } ?? true
            }
        } catch {
            throw KioskError(.ioError, "\(schema.noun)'s write-ahead log could not be emptied: \(Self.shortDescription(of: error))")
        }
    }

    /// Runs a read, turning database failures into an I/O error.
    public func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.read(value)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "\(schema.noun) read failed: \(Self.shortDescription(of: error))")
        }
    }

    /// SQLite's own words and code ("database or disk is full (SQLite 13)"), short enough for the screen.
    static func shortDescription(of error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        return "\(error.message ?? "\(error.resultCode)") (SQLite \(error.extendedResultCode.rawValue))"
    }
}
