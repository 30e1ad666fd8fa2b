import Foundation

/// Runs a command channel's program with an alert's JSON on its standard input, on a thread of its own (never the
/// cooperative pool), killing it after `timeout` seconds.
enum AlertCommand {
    /// nil when the program exited 0; otherwise what went wrong, with the end of its standard error.
    static func run(_ command: [String], input: Data, timeout: TimeInterval = 60) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runWaiting(command, input: input, timeout: timeout)) }.start()
        }
    }

    private static func runWaiting(_ command: [String], input: Data, timeout: TimeInterval) -> String? {
        guard let program = command.first else { return "no program to run" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(command.dropFirst())
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            return "cannot run \(program): \(error.localizedDescription)"
        }
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        // A program that does not read its input shows in its exit status below.
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = String(decoding: errors.suffix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let how =
                process.terminationReason == .exit
                ? "exited \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            return "\(program) \(how)" + (said.isEmpty ? "" : ": \(said)")
        }
        return nil
    }
}
