import Foundation

/// A long-running child process (`kiosk run`, `kiosk-hub serve`), for tests that signal it and read what it wrote.
final class RunningKiosk {
    let process = Process()
    private let output = Pipe()

    init(_ arguments: [String], environment: [String: String] = [:], executable: URL = KioskRun.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
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

/// A loopback TCP port that was free a moment ago.
func freeLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    guard bound else { throw CocoaError(.fileReadUnknown) }
    return Int(UInt16(bigEndian: address.sin_port))
}
