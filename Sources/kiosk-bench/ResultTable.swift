import Foundation
import KioskTesting

/// The readable table of a run.
enum ResultTable {
    #if DEBUG
    /// A debug build's figures show that each can be measured, not how fast the product is.
    private static let build = " (a debug build: its timings are not the product's)"
    #else
    private static let build = ""
    #endif

    static func render(_ outcomes: [FigureOutcome], quick: Bool) -> String {
        var lines = [
            "kiosk-bench\(quick ? " --quick" : "") on \(ProcessInfo.processInfo.hostName), \(ISO8601DateFormatter().string(from: Date()))\(build)"
        ]
        lines.append(String(repeating: "─", count: 100))
        lines += outcomes.map(row)
        return lines.joined(separator: "\n")
    }

    /// One figure: name, values, baseline, ratio, goal and whether it was met.
    static func row(_ outcome: FigureOutcome) -> String {
        guard let result = outcome.result else { return "\(outcome.name)  \(outcome.title): NOT MEASURED (\(outcome.failure ?? ""))" }
        let values = result.values.map(format).joined(separator: ", ")
        let baseline = result.baseline.map(format).joined(separator: ", ")
        return """
            \(outcome.name)  \(outcome.title)
                measured: \(values)
                baseline: \(baseline)
                ratio \(String(format: "%.2f", result.ratio))   goal: \(result.goal)   \(result.met ? "MET" : "MISSED")\
            \(result.note.isEmpty ? "" : "\n    note: \(result.note)")
            """
    }

    private static func format(_ measured: Measured) -> String {
        "\(measured.label) \(String(format: measured.value < 10 ? "%.3f" : "%.1f", measured.value)) \(measured.unit)"
    }
}
