import Foundation
import KioskTesting

/// A long-running child process (`kiosk run`, `kiosk-hub serve`), for tests that signal it and read what it wrote.
final class RunningKiosk {
    let process = Process()
    private let output = Pipe()

    init(_ arguments: [String], environment: [String: String] = [:], executable: URL = KioskRun.executable, clock: SimulatedClock = .shared) throws {
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(clock.environment) { $1 }
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Sends `signal` and waits for the process to end; returns how long it took, or nil after `timeout`.
    func stop(with signal: Int32 = SIGTERM, timeout: Duration = .seconds(20)) async throws -> Duration? {
        let start = ContinuousClock.now
        kill(process.processIdentifier, signal)
        while process.isRunning {
            if ContinuousClock.now - start > timeout {
                process.terminate()
                return nil
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return ContinuousClock.now - start
    }

    /// Everything written to standard output and error, once the process has ended.
    var text: String {
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
