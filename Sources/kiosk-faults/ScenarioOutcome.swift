import Foundation
import KioskTesting

/// A scenario's result, or why it could not run.
typealias ScenarioOutcome = HarnessOutcome<ScenarioResult>

extension ScenarioOutcome {
    /// Every invariant held (and the scenario ran).
    var held: Bool { result?.invariants.allSatisfy(\.held) ?? false }

    /// The scenario's fields in the JSON output.
    var jsonFields: [String: Any] {
        var fields: [String: Any] = ["held": held]
        if let result {
            fields["counts"] = Dictionary(result.counts.map { ($0.label, $0.value) }, uniquingKeysWith: { $1 })
            fields["invariants"] = result.invariants.map { ["statement": $0.statement, "held": $0.held, "detail": $0.detail] }
        }
        return fields
    }
}
