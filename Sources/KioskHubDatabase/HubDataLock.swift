import Foundation
public import KioskCore

/// The lock on a SQLite hub's data directory (`hub.sqlite.lock`): `kiosk-hub serve` holds it shared while it runs,
/// `kiosk-hub restore` alone, so a restore never replaces the database under a running hub and no hub starts in the
/// middle of a restore. The lock goes with the process, however it ends.
public final class HubDataLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock of a serving hub; refused (75) while a restore runs.
    public static func serving(dataDirectory: String) throws(KioskError) -> HubDataLock {
        try take(dataDirectory, LOCK_SH) { "a restore of the hub database in \($0) is under way; start kiosk-hub serve once it finished" }
    }

    /// The lock of a restore; refused (75) while a hub serves from the directory.
    public static func restoring(dataDirectory: String) throws(KioskError) -> HubDataLock {
        try take(dataDirectory, LOCK_EX) { "kiosk-hub serve is running on \($0); stop it first (systemctl stop kiosk-hub)" }
    }

    private static func take(_ dataDirectory: String, _ operation: Int32, busy: (String) -> String) throws(KioskError) -> HubDataLock {
        try OwnerOnlyDirectory.create(dataDirectory, noun: "data directory")
        let path = (dataDirectory as NSString).appendingPathComponent("hub.sqlite.lock")
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw KioskError(.ioError, "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, operation | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK { throw KioskError(.temporaryFailure, busy(dataDirectory)) }
            throw KioskError(.ioError, "cannot lock \(path): \(String(cString: strerror(reason)))")
        }
        return HubDataLock(descriptor: descriptor)
    }
}
