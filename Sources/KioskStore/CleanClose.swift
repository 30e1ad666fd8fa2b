import Foundation

/// The record, beside a database, that its program closed it cleanly and what the file was then (device, inode,
/// size, modification time to the nanosecond). A file still exactly so, with no write-ahead log left, was not
/// touched since and needs no integrity check when next opened for writing; the record is taken away at that
/// open, so a stop that is not clean (a crash, a power cut) means a whole check at the next start.
struct CleanClose {
    let databasePath: String

    private var recordPath: String { databasePath + "-closed" }

    /// Records the database file as it is now, just after it was closed cleanly.
    func record() {
        guard let identity = Self.identity(of: databasePath) else { return }
        let descriptor = open(recordPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(identity.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            unlink(recordPath)
            return
        }
    }

    /// Whether the file is exactly as its last clean close left it; the record is taken away either way, before
    /// anything writes to the file. A record that cannot be taken away does not count.
    func consume() -> Bool {
        guard let recorded = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return false }
        guard unlink(recordPath) == 0 else { return false }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: databasePath + "-wal")[.size] as? Int) ?? 0
        return walSize == 0 && Self.identity(of: databasePath) == recorded
    }

    private static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec) \(status.st_mtim.tv_nsec)"
    }
}
