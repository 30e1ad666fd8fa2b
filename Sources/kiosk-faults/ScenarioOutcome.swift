import Foundation

/// A scenario's result, or why it could not run.
struct ScenarioOutcome: Sendable {
    let name: String
    let title: String
    var result: ScenarioResult?
    var failure: String?

    init(name: String, title: String, result: ScenarioResult) {
        self.name = name
        self.title = title
        self.result = result
    }

    init(name: String, title: String, failure: String) {
        self.name = name
        self.title = title
        self.failure = failure
    }

    /// Every invariant held (and the scenario ran).
    var held: Bool { result?.invariants.allSatisfy(\.held) ?? false }

    /// Writes one JSON object keyed by scenario name.
    static func write(_ outcomes: [ScenarioOutcome], to path: String, quick: Bool) throws {
        var object: [String: Any] = [:]
        for outcome in outcomes {
            var entry: [String: Any] = ["title": outcome.title, "held": outcome.held]
            if let result = outcome.result {
                entry["counts"] = Dictionary(result.counts.map { ($0.label, $0.value) }, uniquingKeysWith: { $1 })
                entry["invariants"] = result.invariants.map { ["statement": $0.statement, "held": $0.held, "detail": $0.detail] }
            } else {
                entry["error"] = outcome.failure ?? ""
            }
            object[outcome.name] = entry
        }
        object["run"] = ["quick": quick, "date": ISO8601DateFormatter().string(from: Date()), "host": ProcessInfo.processInfo.hostName]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
