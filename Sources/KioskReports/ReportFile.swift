import Foundation
public import KioskCore

/// Writes a rendered report to the file a user named, without destroying what is there: a regular file (or a new
/// one) is replaced atomically (a temporary file renamed over it), a symbolic link is followed and its target
/// written the same way, and a device, FIFO or socket (`/dev/stdout`, `/dev/lp0`, a pipe) is written through.
public enum ReportFile {
    public static func write(_ text: String, to path: String) throws(KioskError) {
        let target = resolved(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        let kind = status.st_mode & S_IFMT
        if exists && kind == S_IFDIR {
            throw KioskError(.ioError, "cannot write \(path): it is a directory")
        }
        if exists && kind != S_IFREG {
            try writeThrough(Data(text.utf8), to: target, named: path)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw KioskError(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// `path` with every symbolic link followed, or `path` itself when it does not exist yet.
    private static func resolved(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Writes `data` into an existing non-regular file, which is opened, never created, truncated or replaced.
    private static func writeThrough(_ data: Data, to target: String, named path: String) throws(KioskError) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw KioskError(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        let failure: Int32? = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure { throw KioskError(.ioError, "cannot write \(path): \(String(cString: strerror(failure)))") }
    }
}
