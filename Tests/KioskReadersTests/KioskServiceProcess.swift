import Foundation
import KioskTesting

/// `kiosk run` as a child process, as systemd would run it, with its output lines timestamped as they arrive.
final class KioskServiceProcess: @unchecked Sendable {
    /// The `kiosk` binary beside the test bundle in the build directory.
    static let executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kiosk")

    private let process = Process()
    // `lock` guards `lines` and `exited`.
    private let lock = NSLock()
    private var lines: [(Date, String)] = []
    private var pending = ""
    private var exited: Date?

    /// What the process reads as standard input, for keyboard-wedge readers.
    let input = Pipe()

    /// Runs `kiosk` (or another `executable`) with `arguments`.
    init(_ arguments: [String], executable: URL = KioskServiceProcess.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
        process.terminationHandler = { [weak self] _ in self?.lock.withLock { self?.exited = Date() } }
        try process.run()
    }

    /// A test that failed half-way must not leave the kiosk running (it holds the test runner's stderr open).
    deinit {
        if process.isRunning { process.interrupt() }
    }

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

    /// Types `text` into the process's standard input, as a keyboard-wedge reader would.
    func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits for an output line containing `text` and returns when it arrived.
    func line(containing text: String, timeout: Double = 20) async throws -> Date {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let found = lock.withLock({ lines.first { $0.1.contains(text) } }) { return found.0 }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw VirtualCardError(output: lock.withLock { lines.map(\.1).joined(separator: "\n") })
    }

    /// Sends SIGTERM and returns how long the process took to exit, or nil when it did not within `timeout`.
    func terminate(timeout: Double = 20) async throws -> Duration? {
        let start = ContinuousClock.now
        let sent = Date()
        process.terminate()
        while ContinuousClock.now - start < .seconds(timeout) {
            if let exited = lock.withLock({ exited }) { return .milliseconds(Int(exited.timeIntervalSince(sent) * 1000)) }
            try await Task.sleep(for: .milliseconds(10))
        }
        process.interrupt()
        return nil
    }

    /// Waits for the process to exit by itself and returns its status.
    func exitStatus(timeout: Double = 10) async throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while lock.withLock({ exited }) == nil {
            guard Date() < deadline else { throw VirtualCardError(output: "kiosk \(process.arguments ?? []) did not exit") }
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }
}
