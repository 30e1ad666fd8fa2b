import Foundation
public import KioskCore

/// What the CUPS scheduler says, through `lpstat` in the C locale (its words are parsed).
public enum CUPSStatus {
    /// Whether the scheduler runs (`lpstat -r`).
    public static func schedulerRuns() async throws(KioskError) -> Bool {
        try await lpstat(["-r"]).output.hasPrefix("scheduler is running")
    }

    /// The default destination (`lpstat -d`), nil when there is none.
    public static func defaultPrinter() async throws(KioskError) -> String? {
        let prefix = "system default destination: "
        let line = try await lpstat(["-d"]).output.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// The state of printer `name`, nil when CUPS does not know it.
    public static func printer(_ name: String) async throws(KioskError) -> PrinterStatus? {
        let printer = try await lpstat(["-p", name])
        guard printer.succeeded, !printer.output.isEmpty else { return nil }
        let acceptance = try await lpstat(["-a", name])
        return PrinterStatus(name: name, printerLines: printer.output, acceptanceLines: acceptance.output)
    }

    private static func lpstat(_ arguments: [String]) async throws(KioskError) -> ExternalCommand.Outcome {
        try await ExternalCommand("lpstat", arguments, package: "cups-client", environment: ["LC_ALL": "C"]).run()
    }
}
