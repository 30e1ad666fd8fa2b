#if LibNFC
import CLibNFC
import Foundation

/// A libnfc context and its open device, owned by one reader thread.
///
/// Threading rule: only the reader's own thread opens, uses and closes the device; other threads only call
/// `stop()`, which sets a flag and calls `nfc_abort_command` (libnfc's way to end a command from another thread)
/// under `lock`, which also guards `device` and `stopped`, so an abort never races a close.
final class LibNFCDevice: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let lock = NSCondition()
    private var context: OpaquePointer?
    private var device: OpaquePointer?
    private var stopped = false

    var isStopped: Bool { lock.withLock { stopped } }

    /// Opens `connstring` (empty: the first device libnfc finds) as an ISO 14443A initiator; returns its name.
    func open(_ connstring: String) throws(Failure) -> (OpaquePointer, String) {
        lock.lock()
        defer { lock.unlock() }
        if context == nil { nfc_init(&context) }
        guard let context else { throw Failure(description: "nfc_init failed") }
        let opened = connstring.isEmpty ? nfc_open(context, nil) : nfc_open(context, connstring)
        guard let opened else { throw Failure(description: "no libnfc device \(connstring.isEmpty ? "found" : "at \(connstring)")") }
        guard nfc_initiator_init(opened) >= 0 else {
            let reason = String(cString: nfc_strerror(opened))
            nfc_close(opened)
            throw Failure(description: "cannot start \(connstring) as initiator: \(reason)")
        }
        device = opened
        return (opened, String(cString: nfc_device_get_name(opened)))
    }

    /// Closes the device (after it failed, or when the reader stops).
    func close() {
        lock.lock()
        defer { lock.unlock() }
        if let device { nfc_close(device) }
        device = nil
    }

    /// Ends the context when the reader thread is done.
    func exit() {
        close()
        lock.withLock {
            if let context { nfc_exit(context) }
            context = nil
        }
    }

    /// Makes the reader thread's pending command return and its loop end. Safe from any thread.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        if let device { _ = nfc_abort_command(device) }
        lock.broadcast()
    }

    /// Sleeps the reader thread for `seconds`, or until `stop()`.
    func pause(_ seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while !stopped, lock.wait(until: deadline) {}
    }
}
#endif
