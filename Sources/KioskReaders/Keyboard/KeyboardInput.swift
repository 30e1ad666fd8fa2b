import Foundation

/// The descriptors a keyboard-wedge reader reads from, and a pipe that wakes it to stop.
///
/// Threading rule: only the reader's own thread opens, reads and closes `device`; other threads only call
/// `stop()`, which sets a flag under `lock` and writes one byte to the wake pipe (write(2) is thread-safe),
/// so a read blocked in poll(2) returns.
final class KeyboardInput: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let lock = NSLock()
    private var stopped = false
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    var isStopped: Bool { lock.withLock { stopped } }

    /// Makes the reader's blocked read return nil. Safe from any thread.
    func stop() {
        lock.withLock { stopped = true }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Waits for bytes on `fd`: nil once stopped, empty at end of file.
    func read(_ fd: Int32) throws(Failure) -> [UInt8]? {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            guard !isStopped else { return nil }
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "poll: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 { return nil }
            guard fds[0].revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count >= 0 else { throw Failure(description: "read: \(String(cString: strerror(errno)))") }
            return Array(buffer.prefix(count))
        }
    }

    /// Sleeps the reader's thread for `seconds` (forever when nil), or until `stop()`.
    func pause(_ seconds: Double?) {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let deadline = seconds.map { Date(timeIntervalSinceNow: $0) }
        while !isStopped {
            let remaining = deadline.map { Int32(max(0, $0.timeIntervalSinceNow) * 1000) } ?? -1
            if remaining == 0 { return }
            _ = poll(&fds, 1, remaining)
        }
    }
}
