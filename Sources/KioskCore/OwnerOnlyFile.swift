import Foundation

/// Files only their owner may read (keys, reports): written whole or not at all, and never readable by others even
/// for a moment, whatever the umask.
public enum OwnerOnlyFile {
    /// Writes `bytes` to `path` atomically: into a new 0600 file beside it, flushed to the disk, then renamed over it.
    public static func write(_ bytes: [UInt8], to path: String) throws(KioskError) {
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count, let base = buffer.baseAddress {
                let count = Foundation.write(descriptor, base + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        }
        let writeError = complete ? nil : failure(path)
        close(descriptor)
        if let writeError {
            unlink(temporary)
            throw writeError
        }
        guard rename(temporary, path) == 0 else {
            let renameError = failure(path)
            unlink(temporary)
            throw renameError
        }
    }

    private static func failure(_ path: String) -> KioskError {
        KioskError(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
