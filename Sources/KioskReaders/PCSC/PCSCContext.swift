#if PCSC
import CPCSCLite
import Foundation

/// One PC/SC context (a connection to pcscd) owned by one reader thread.
///
/// Threading rule: only the reader's own thread establishes, uses and releases the context; other threads
/// only call `stop()`, which sets a flag and calls `SCardCancel` (which pcsclite allows from any thread).
/// `lock` guards `handle` and `stopped`, so `stop()` never races a release.
final class PCSCContext: @unchecked Sendable {
    private let lock = NSCondition()
    private var handle: SCARDCONTEXT?
    private var stopped = false

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// The context for the reader thread's calls, established with pcscd if needed.
    func establish() throws(PCSCError) -> SCARDCONTEXT {
        lock.lock()
        defer { lock.unlock() }
        if let handle { return handle }
        var context: SCARDCONTEXT = 0
        let status = SCardEstablishContext(DWORD(SCARD_SCOPE_SYSTEM), nil, nil, &context)
        guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardEstablishContext", Int(status)) }
        handle = context
        return context
    }

    /// Drops the connection to pcscd (after it failed, or when the reader stops).
    func release() {
        lock.lock()
        defer { lock.unlock() }
        if let handle { SCardReleaseContext(handle) }
        handle = nil
    }

    /// Makes the reader thread's blocking call return and its loop end. Safe from any thread.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        if let handle { SCardCancel(handle) }
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
