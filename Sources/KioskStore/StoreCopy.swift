import Foundation
import GRDB
public import KioskCore

/// Copies of a store's SQLite file: a consistent copy made while its program writes (SQLite's online backup), and a
/// copy put back in place of the store after checking it. Each file is written beside its final name and renamed into
/// place once complete and on disk, so a failure or a kill leaves the store, and any earlier copy, as they were.
public enum StoreCopy {
    /// Writes a consistent copy of the database at `path` to `destination`, owner-only, while its program may be
    /// writing: the copy is of one instant, self-contained (no write-ahead log beside it).
    public static func backup(_ path: String, schema: StoreSchema, to destination: String) throws(KioskError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw KioskError(.noInput, "\(schema.noun) \(path): no such file")
        }
        try write(destination) { partial in
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let source = try DatabaseQueue(path: path, configuration: configuration)
            let copy = try DatabaseQueue(path: partial)
            try source.backup(to: copy)
            try copy.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            try source.close()
        }
    }

    /// Puts the copy `file` in place of the database at `path` (its program stopped), after checking that the copy is
    /// whole and undamaged, of this schema and no newer than it; the replaced database is kept beside it as
    /// `path.before-restore` (owner-only). A copy that fails a check is refused (65) and nothing changes.
    public static func restore(_ path: String, from file: String, schema: StoreSchema) throws(KioskError) {
        guard FileManager.default.fileExists(atPath: file) else { throw KioskError(.noInput, "\(file): no such file") }
        let restoring = path + ".restoring"
        try write(restoring) { partial in
            unlink(partial)
            do {
                try FileManager.default.copyItem(atPath: file, toPath: partial)
            } catch {
                throw KioskError(.ioError, "cannot copy \(file): \(error.localizedDescription)")
            }
            try check(partial, as: file, schema: schema)
        }
        if FileManager.default.fileExists(atPath: path) {
            // The replaced database whole in one file, then its write-ahead log is no longer needed beside it.
            try backup(path, schema: schema, to: path + ".before-restore")
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        }
        guard rename(restoring, path) == 0 else {
            throw KioskError(.ioError, "cannot put \(restoring) in place of \(path): \(String(cString: strerror(errno)))")
        }
        syncDirectory(of: path)
    }

    /// Refuses the copy at `copy` (named `file` in messages) unless SQLite finds it whole, it is a database of `schema`
    /// and no migration in it is unknown here.
    private static func check(_ copy: String, as file: String, schema: StoreSchema) throws {
        let database: DatabaseQueue
        do {
            database = try DatabaseQueue(path: copy)
        } catch {
            throw KioskError(.dataError, "\(file) is not a SQLite database (\(StoreDatabase.shortDescription(of: error))); nothing was restored")
        }
        defer { try? database.close() }
        do {
            try database.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(1)")
                guard integrity == ["ok"] else {
                    throw KioskError(.dataError, "\(file) is damaged (\(integrity.joined(separator: "; "))); nothing was restored")
                }
                let marked = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                guard marked == schema.applicationID else {
                    throw KioskError(.dataError, "\(file) is not a copy of a \(schema.noun) (another program's database); nothing was restored")
                }
                guard try !schema.migrator().hasBeenSuperseded(db) else {
                    throw KioskError(
                        .dataError,
                        "\(file) was written by a newer version of \(schema.program) (unknown schema migrations); nothing was restored"
                    )
                }
            }
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(
                .dataError,
                "\(file) cannot be read as a \(schema.noun) (\(StoreDatabase.shortDescription(of: error))); nothing was restored"
            )
        }
    }

    /// Makes `destination` by `body` writing `destination.partial` (created owner-only), then flushes it to the disk
    /// and renames it into place; on a failure the partial file is removed and the error names `destination`.
    private static func write(_ destination: String, _ body: (String) throws -> Void) throws(KioskError) {
        let partial = destination + ".partial"
        unlink(partial)
        do {
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw KioskError(.ioError, "cannot write \(destination): \(String(cString: strerror(errno)))") }
            close(descriptor)
            try body(partial)
            chmod(partial, 0o600)
            guard flush(partial), rename(partial, destination) == 0 else {
                throw KioskError(.ioError, "cannot write \(destination): \(String(cString: strerror(errno)))")
            }
            syncDirectory(of: destination)
        } catch let error as KioskError {
            unlink(partial)
            unlink(partial + "-journal")
            throw error
        } catch {
            unlink(partial)
            unlink(partial + "-journal")
            throw KioskError(.ioError, "cannot write \(destination): \(StoreDatabase.shortDescription(of: error))")
        }
    }

    private static func flush(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }

    private static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
