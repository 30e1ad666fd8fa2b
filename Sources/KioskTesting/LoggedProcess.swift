public import Foundation

/// A child process whose standard output lines are kept with the moment each arrived, so a caller can time
/// what the process says against what it did (a card presented, a signal sent).
///
/// Waits wake on what the process does (a chunk of output, the end of its output, its exit), never on a polling
/// timer; a timeout only bounds how long a broken process is waited for, and what arrived is looked at once more
/// when it runs out, so a test whose task was scheduled late still sees it.
public final class LoggedProcess: @unchecked Sendable {
    private let process = Process()
    // `lock` guards `lines`, `pending`, `reading`, `ended`, `exited` and `watchers`.
    private let lock = NSLock()
    private var lines: [(Date, String)] = []
    private var pending = ""
    private var reading = false
    private var ended = false
    private var exited: Date?
    private var watchers: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// What the process reads as standard input.
    public let input = Pipe()
    /// The read end of the process's output.
    private let outputDescriptor: Int32

    /// Starts `executable` with `arguments`, on `clock` when given; its standard error goes to this process's standard
    /// error, or is kept with the output lines when `keepingStandardError`.
    public init(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        keepingStandardError: Bool = false,
        clock: SimulatedClock? = nil
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(clock?.environment ?? [:]) { $1 }) { $1 }
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = keepingStandardError ? output : FileHandle.standardError
        outputDescriptor = output.fileHandleForReading.fileDescriptor
        process.terminationHandler = { [weak self] _ in self?.changed { $0.exited = Date() } }
        try process.run()
        // The output is read with blocking calls on a thread of its own until it ends. (A `readabilityHandler` would
        // install a libdispatch read source, whose teardown races the descriptor's close and crashes the process on
        // Linux: swift-corelibs-libdispatch issue 949.) `reading` is set between the descriptor turning readable and
        // the chunk being kept, so `outputComplete` never mistakes a chunk in flight for the end.
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                if poll(&ready, 1, -1) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                self?.lock.withLock { self?.reading = true }
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                let data = count > 0 ? Data(buffer[..<count]) : Data()
                self?.received(data)
                if data.isEmpty { break }
            }
        }
    }

    /// A process left running by a failed caller is interrupted.
    deinit {
        if process.isRunning { process.interrupt() }
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether the process has not exited yet.
    public var isRunning: Bool { process.isRunning }

    /// How the process ended ("exited 1", "killed by signal 6"), or "running".
    public var state: String {
        guard !process.isRunning else { return "running" }
        let status = process.terminationStatus
        return process.terminationReason == .uncaughtSignal ? "killed by signal \(status)" : "exited \(status)"
    }

    /// Keeps a chunk of output; an empty chunk is the end of the output, which also ends a last unterminated line.
    private func received(_ data: Data) {
        let now = Date()
        changed { process in
            process.reading = false
            if data.isEmpty {
                if !process.pending.isEmpty { process.lines.append((now, process.pending)) }
                process.pending = ""
                process.ended = true
                return
            }
            process.pending += String(decoding: data, as: UTF8.self)
            while let newline = process.pending.firstIndex(of: "\n") {
                process.lines.append((now, String(process.pending[..<newline])))
                process.pending = String(process.pending[process.pending.index(after: newline)...])
            }
        }
    }

    /// Whether everything the process wrote is in `lines`: its output ended, or it exited and nothing is left
    /// unread. (A child another test starts in the same moment may inherit the pipe and hold it open, so the end of
    /// the output may come long after the exit.) Called under the lock.
    private var outputComplete: Bool {
        if ended { return true }
        guard exited != nil, !reading else { return false }
        var unread: Int32 = 0
        return withUnsafeMutablePointer(to: &unread) { ioctl(outputDescriptor, UInt(FIONREAD), $0) } == 0 && unread == 0
    }

    /// Applies `change` under the lock and wakes every waiter.
    private func changed(_ change: (LoggedProcess) -> Void) {
        lock.withLock {
            change(self)
            for watcher in watchers.values { watcher.yield() }
        }
    }

    /// Evaluates `found` now and after every change, until it gives a value, `gaveUp` holds, or `timeout` seconds
    /// pass; then evaluates it once more.
    private func wait<T>(_ timeout: Double, for found: (LoggedProcess) -> T?, givingUpWhen gaveUp: (LoggedProcess) -> Bool) async -> T? {
        let id = UUID()
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        lock.withLock { watchers[id] = continuation }
        continuation.yield()
        let timer = Task {
            try? await Task.sleep(for: .seconds(timeout))
            continuation.finish()
        }
        defer {
            timer.cancel()
            _ = lock.withLock { watchers.removeValue(forKey: id) }
            continuation.finish()
        }
        for await _ in changes {
            if let value = lock.withLock({ found(self) }) { return value }
            if lock.withLock({ gaveUp(self) }) { break }
        }
        return lock.withLock { found(self) }
    }

    /// The lines so far.
    public var output: [String] { lock.withLock { lines.map(\.1) } }

    /// The first lines of the Swift runtime's report of a crash (what failed and where), when the process printed one.
    public var crashReport: [String] {
        let output = output
        guard let start = output.firstIndex(where: { $0.contains("Fatal error") || $0.contains("Program crashed") }) else { return [] }
        return Array(output[start...].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(6))
    }

    /// Waits for an output line containing `text` (after the first `skipping` lines) and returns when it arrived.
    public func line(containing text: String, skipping: Int = 0, timeout: Double = 60) async throws -> Date {
        try await line(containingAny: [text], skipping: skipping, timeout: timeout)
    }

    /// Waits for an output line containing any of `texts` (after the first `skipping` lines) and returns when it
    /// arrived; gives up when the output is complete without one.
    public func line(containingAny texts: [String], skipping: Int = 0, timeout: Double = 60) async throws -> Date {
        let found = await wait(
            timeout,
            for: { $0.lines.dropFirst(skipping).first { line in texts.contains { line.1.contains($0) } }?.0 },
            givingUpWhen: \.outputComplete
        )
        guard let found else {
            throw LoggedProcessError(waitedFor: texts.joined(separator: "\" or \""), output: output.suffix(20).joined(separator: "\n"))
        }
        return found
    }

    /// Types `text` into the process's standard input (as a keyboard-wedge reader would).
    public func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Sends `signal` (SIGTERM unless told) and returns how long the process took to exit, or nil (and SIGKILL) when
    /// it did not within `timeout` seconds.
    @discardableResult
    public func terminate(with signal: Int32 = SIGTERM, timeout: Double = 60) async throws -> Duration? {
        let sent = Date()
        kill(process.processIdentifier, signal)
        guard let exited = await wait(timeout, for: \.exited, givingUpWhen: { _ in false }) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return .milliseconds(Int(exited.timeIntervalSince(sent) * 1000))
    }

    /// Waits for the process to exit by itself, and for all it wrote to be in `output`, and returns its status.
    public func exitStatus(timeout: Double = 30) async throws -> Int32 {
        guard await wait(timeout, for: { $0.outputComplete ? $0.exited : nil }, givingUpWhen: { _ in false }) != nil else {
            throw LoggedProcessError(waitedFor: "the exit", output: output.suffix(20).joined(separator: "\n"))
        }
        return process.terminationStatus
    }
}

/// A logged process never printed what was waited for.
public struct LoggedProcessError: Error, CustomStringConvertible {
    public let waitedFor: String
    public let output: String

    public var description: String { "never printed \"\(waitedFor)\"; last output:\n\(output)" }
}
