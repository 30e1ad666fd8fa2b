import Foundation

/// What CUPS says of one printer (`lpstat -p NAME`, `lpstat -a NAME`).
public struct PrinterStatus: Sendable, Hashable {
    public let name: String
    /// Whether it prints the jobs in its queue (`cupsenable`), or holds them (`cupsdisable`, a fault).
    public let enabled: Bool
    /// Whether it takes new jobs (`cupsaccept`), or refuses them (`cupsreject`).
    public let accepting: Bool
    /// CUPS's own reason for the state ("Paused", "Media tray empty"), when it gives one.
    public let reason: String?

    /// Reads `lpstat -p NAME` and `lpstat -a NAME` output in the C locale.
    init(name: String, printerLines: String, acceptanceLines: String) {
        self.name = name
        let first = printerLines.split(separator: "\n").first.map(String.init) ?? ""
        enabled = !first.hasPrefix("printer \(name) disabled")
        accepting = acceptanceLines.hasPrefix("\(name) accepting")
        let indented = (printerLines + "\n" + acceptanceLines).split(separator: "\n").filter { $0.hasPrefix("\t") || $0.hasPrefix(" ") }
        let reasons = indented.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        reason = reasons.isEmpty ? nil : Array(Set(reasons)).sorted().joined(separator: "; ")
    }

    /// The state in a few words, with CUPS's reason: `disabled (paper jam)`.
    public var summary: String {
        let state = [enabled ? nil : "disabled", accepting ? nil : "not accepting jobs"].compactMap { $0 }
        let words = state.isEmpty ? "enabled and accepting jobs" : state.joined(separator: " and ")
        return words + (reason.map { " (\($0))" } ?? "")
    }
}
