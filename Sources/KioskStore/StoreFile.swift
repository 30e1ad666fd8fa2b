import Foundation
import KioskCore

/// The file a database lives in, and its directory: created owner-only whatever the umask (they hold every
/// student's movements), and a file that exists but is empty refused.
struct StoreFile {
    let path: String
    let noun: String

    var directory: String { (path as NSString).deletingLastPathComponent }

    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Creates the directory and its missing parents (0700) when it is missing; an existing one keeps the mode its owner
    /// gave it.
    func createDirectory() throws(KioskError) {
        try OwnerOnlyDirectory.create(directory, noun: "data directory")
    }

    /// Creates the empty file with mode 0600; SQLite gives its -wal and -shm files the same mode.
    func createOwnerOnly() throws(KioskError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw KioskError(.ioError, "cannot create \(noun) \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// An existing 0-byte file is not a new database: something truncated it, and its -wal file may hold records.
    func refuseEmpty() throws(KioskError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size == 0 else { return }
        throw KioskError(
            .ioError,
            "\(noun) \(path) exists but is empty (0 bytes); refusing to initialise it over what its -wal file may hold. "
                + "Move it aside (with any -wal file) if this is a new installation"
        )
    }
}
