public import Foundation
public import KioskCore

/// A program of the system (CUPS's `lp` and `lpstat`, `weasyprint`, fontconfig's `fc-list`) run to its end. Its
/// termination is awaited through Foundation's termination handler, off the cooperative pool; its output and errors
/// go to files, so no pipe can fill up and stall it; it is ended when it overruns its time limit.
public struct ExternalCommand: Sendable {
    /// How a run ended.
    public struct Outcome: Sendable {
        public let status: Int32
        /// Standard output.
        public let output: String
        /// Standard error, trimmed: the program's own reason when it failed.
        public let errors: String

        public var succeeded: Bool { status == 0 }
    }

    /// The program's name, looked up on `PATH`.
    public let program: String
    public let arguments: [String]
    /// The Debian package that installs the program, named when it is missing.
    public let package: String
    /// Variables set for the program on top of this process's environment.
    public let environment: [String: String]

    public init(_ program: String, _ arguments: [String], package: String, environment: [String: String] = [:]) {
        self.program = program
        self.arguments = arguments
        self.package = package
        self.environment = environment
    }

    /// The program's path, or nil when it is not installed.
    public var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(program) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the program and waits at most `limit` for it. Throws `.unavailable` when it is not installed, cannot be
    /// started or overran `limit`; a program that ran and failed is an `Outcome` with its status.
    public func run(limit: Duration = .seconds(30)) async throws(KioskError) -> Outcome {
        guard let executable else {
            throw KioskError(.unavailable, "\(program) is not installed (apt-get install \(package))")
        }
        let scratch = try PrintScratch(purpose: program)
        defer { scratch.remove() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let (output, errors) = (scratch.file("output"), scratch.file("errors"))
        do {
            for file in [output, errors] { try Data().write(to: file) }
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
        } catch {
            throw KioskError(.ioError, "cannot run \(program): \(error.localizedDescription)")
        }
        let started = ContinuousClock.now
        let watchdog = Task {
            try await Task.sleep(for: limit)
            process.terminate()
        }
        let launch: Result<Int32, KioskError> = await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: .success($0.terminationStatus)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: .failure(KioskError(.unavailable, "cannot run \(program): \(error.localizedDescription)")))
            }
        }
        watchdog.cancel()
        let status = try launch.get()
        if process.terminationReason == .uncaughtSignal, ContinuousClock.now - started >= limit {
            throw KioskError(.unavailable, "\(program) did not finish within \(limit) and was stopped")
        }
        return Outcome(
            status: status,
            output: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
            errors: ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }
}
