import Foundation
public import KioskCore

/// Sends a report to the default CUPS printer with `lp`.
public struct ReportPrinter: Sendable {
    public init() {}

    /// Prints `document`; says clearly (`.unavailable`) when CUPS or a default printer is missing.
    public func send(_ document: String, title: String) throws(KioskError) {
        guard let lp = Self.findLP() else {
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
        input.fileHandleForWriting.write(Data(document.utf8))
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
