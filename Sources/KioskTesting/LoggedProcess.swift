public import Foundation

/// A child process whose standard output lines are kept with the moment each arrived, so a caller can time
/// what the process says against what it did (a card presented, a signal sent).
public final class LoggedProcess: @unchecked Sendable {
    private let process = Process()
    // `lock` guards `lines`, `pending` and `exited`.
    private let lock = NSLock()
    private var lines: [(Date, String)] = []
    private var pending = ""
    private var exited: Date?

    /// What the process reads as standard input.
    public let input = Pipe()

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
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.received(handle.availableData) }
        process.terminationHandler = { [weak self] _ in self?.lock.withLock { self?.exited = Date() } }
        try process.run()
    }

    /// A process left running by a failed caller is interrupted.
    deinit {
        if process.isRunning { process.interrupt() }
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    private func received(_ data: Data) {
        let now = Date()
        lock.withLock {
            pending += String(decoding: data, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                lines.append((now, String(pending[..<newline])))
                pending = String(pending[pending.index(after: newline)...])
            }
        }
    }

    /// The lines so far.
    public var output: [String] { lock.withLock { lines.map(\.1) } }

    /// Waits for an output line containing `text` (after the first `skipping` lines) and returns when it arrived.
    public func line(containing text: String, skipping: Int = 0, timeout: Double = 20) async throws -> Date {
        try await line(containingAny: [text], skipping: skipping, timeout: timeout)
    }

    /// Waits for an output line containing any of `texts` (after the first `skipping` lines) and returns when it
    /// arrived.
    public func line(containingAny texts: [String], skipping: Int = 0, timeout: Double = 20) async throws -> Date {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let found = lock.withLock { lines.dropFirst(skipping).first { line in texts.contains { line.1.contains($0) } } }
            if let found { return found.0 }
            if lock.withLock({ exited }) != nil { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw LoggedProcessError(waitedFor: texts.joined(separator: "\" or \""), output: output.suffix(20).joined(separator: "\n"))
    }

    /// Types `text` into the process's standard input (as a keyboard-wedge reader would).
    public func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Sends SIGTERM and returns how long the process took to exit, or nil (and SIGKILL) when it did not within
    /// `timeout` seconds.
    @discardableResult
    public func terminate(with signal: Int32 = SIGTERM, timeout: Double = 20) async throws -> Duration? {
        let sent = Date()
        kill(process.processIdentifier, signal)
        while Date().timeIntervalSince(sent) < timeout {
            if let exited = lock.withLock({ exited }) { return .milliseconds(Int(exited.timeIntervalSince(sent) * 1000)) }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(process.processIdentifier, SIGKILL)
        return nil
    }

    /// Waits for the process to exit by itself and returns its status.
    public func exitStatus(timeout: Double = 10) async throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while lock.withLock({ exited }) == nil {
            guard Date() < deadline else {
                throw LoggedProcessError(waitedFor: "the exit", output: output.suffix(20).joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(10))
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
