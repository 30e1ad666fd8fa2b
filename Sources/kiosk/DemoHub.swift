import Foundation
import KioskCore

/// The demo's hub: `kiosk-hub`, found beside this program, run as processes of its own with its data in the demo's
/// directory. The gate's program links none of the hub's code.
struct DemoHub: Sendable {
    let executable: URL
    let dataDirectory: String

    /// `kiosk-hub` beside the running `kiosk`, with its data in `dataDirectory`; an error naming where it was looked for.
    static func beside(dataDirectory: String) throws(KioskError) -> DemoHub {
        let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("kiosk-hub")
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw KioskError(
                .unavailable,
                "kiosk demo runs its hub with kiosk-hub, which is not beside kiosk (\(program.path)): "
                    + "build it too (swift build --product kiosk-hub) or install the kiosk-hub package"
            )
        }
        return DemoHub(executable: program, dataDirectory: dataDirectory)
    }

    /// Runs `kiosk-hub ARGUMENTS --data-dir DIR` to its end on a thread of its own; returns the last line it printed,
    /// or throws what it said on standard error.
    func command(_ arguments: [String]) async throws(KioskError) -> String {
        let result: Result<(Int32, Data, Data), KioskError> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runWaiting(arguments)) }.start()
        }
        let (status, printed, said) = try result.get()
        guard status == 0 else {
            let message = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw KioskError(.unavailable, "kiosk-hub \(arguments.first ?? "") exited \(status): \(message)")
        }
        return String(decoding: printed, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Runs `kiosk-hub ARGUMENTS` and waits for it: its exit status, what it printed and what it said on standard error.
    private func runWaiting(_ arguments: [String]) -> Result<(Int32, Data, Data), KioskError> {
        let process = makeProcess(arguments)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(KioskError(.unavailable, "cannot run \(executable.path): \(error.localizedDescription)"))
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .success((process.terminationStatus, printed, said))
    }

    /// Starts `kiosk-hub serve` on loopback `port`, writing its log to `log`; it runs until stopped, and stops by itself
    /// when this program ends however it ends (its standard input is a pipe this program holds open).
    func serve(port: Int, log: String) throws(KioskError) -> ServingHub {
        let process = makeProcess(["serve", "--host", "127.0.0.1", "--port", String(port), "--stop-when-input-closes"])
        guard FileManager.default.createFile(atPath: log, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: log)
        else { throw KioskError(.ioError, "cannot write the demo hub's log \(log)") }
        process.standardOutput = file
        process.standardError = file
        let lifeline = Pipe()
        process.standardInput = lifeline
        do {
            try process.run()
        } catch {
            throw KioskError(.unavailable, "cannot run \(executable.path): \(error.localizedDescription)")
        }
        return ServingHub(process: process, lifeline: lifeline.fileHandleForWriting, log: log)
    }

    private func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--data-dir", dataDirectory]
        return process
    }
}

/// A `kiosk-hub serve` the demo started. Only `stop` touches the process and its lifeline after it started, once.
final class ServingHub: @unchecked Sendable {
    private let process: Process
    /// The write end of the hub's standard input: closing it, or this program ending, stops the hub.
    private let lifeline: FileHandle
    /// Where it writes its log.
    let log: String

    init(process: Process, lifeline: FileHandle, log: String) {
        self.process = process
        self.lifeline = lifeline
        self.log = log
    }

    /// Whether it is still running.
    var isRunning: Bool { process.isRunning }

    /// Asks it to stop (its input closes: it finishes what it is doing) and waits for it on a thread of its own.
    func stop() async {
        try? lifeline.close()
        guard process.isRunning else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                self.process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }
}
