import Foundation
import KioskTesting

/// The readable table of a run.
enum OutcomeTable {
    static func render(_ outcomes: [ScenarioOutcome], quick: Bool) -> String {
        var lines = ["kiosk-faults\(quick ? " --quick" : "") on \(ProcessInfo.processInfo.hostName), \(ISO8601DateFormatter().string(from: Date()))"]
        lines.append(String(repeating: "─", count: 100))
        lines += outcomes.map(row)
        let broken = outcomes.filter { !$0.held }.map(\.name)
        lines.append(broken.isEmpty ? "every invariant held" : "BROKEN: \(broken.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    /// One scenario: its counts, then each invariant with HELD or BROKEN.
    static func row(_ outcome: ScenarioOutcome) -> String {
        guard let result = outcome.result else { return "\(outcome.name)  \(outcome.title): COULD NOT RUN (\(outcome.failure ?? ""))" }
        let counts = result.counts.map { "\($0.label) \($0.value.rounded() == $0.value ? String(Int($0.value)) : String(format: "%.3f", $0.value))" }
        var lines = ["\(outcome.name)  \(outcome.title)", "    \(counts.joined(separator: ", "))"]
        lines += result.invariants.map { "    \($0.held ? "HELD  " : "BROKEN") \($0.statement): \($0.detail)" }
        return lines.joined(separator: "\n")
    }
}
