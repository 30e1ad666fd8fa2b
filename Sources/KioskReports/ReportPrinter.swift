import Foundation
public import KioskCore

/// Sends a report to the default CUPS printer with `lp`.
public struct ReportPrinter: Sendable {
    public init() {}

    /// Prints `document`; says clearly (`.unavailable`) when CUPS or a default printer is missing. `lp` is started
    /// and waited for on a thread of its own, never on the cooperative pool.
    public func send(_ document: String, title: String) async throws(KioskError) {
        let result: Result<Void, KioskError> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(KioskError) in try Self.sendWaiting(document, title: title) }) }.start()
        }
        try result.get()
    }

    /// Runs `lp` and waits for it, blocking the calling thread.
    private static func sendWaiting(_ document: String, title: String) throws(KioskError) {
        guard let lp = findLP() else {
            throw KioskError(.unavailable, "no printer configured: CUPS is not installed (apt-get install cups-client, then add a printer)")
        }
        let process = Process()
        process.executableURL = lp
        process.arguments = ["-t", title]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw KioskError(.unavailable, "cannot print: \(error.localizedDescription)")
        }
        // A failed write (lp gone) shows in lp's exit status below.
        try? input.fileHandleForWriting.write(contentsOf: Data(document.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        switch process.terminationStatus {
        case 0:
            return
        default:
            throw KioskError(
                .unavailable,
                "no printer configured or printer unavailable: \(message.isEmpty ? "lp failed" : message) "
                    + "(set a default printer with `lpoptions -d NAME`)"
            )
        }
    }

    private static func findLP() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("lp") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
