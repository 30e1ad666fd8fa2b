import Foundation

/// A figure's result, or why it could not be measured.
struct FigureOutcome: Sendable {
    let name: String
    let title: String
    var result: FigureResult?
    var failure: String?

    init(name: String, title: String, result: FigureResult) {
        self.name = name
        self.title = title
        self.result = result
    }

    init(name: String, title: String, failure: String) {
        self.name = name
        self.title = title
        self.failure = failure
    }

    /// Writes one JSON object keyed by figure name.
    static func write(_ outcomes: [FigureOutcome], to path: String, quick: Bool) throws {
        var object: [String: Any] = [:]
        for outcome in outcomes {
            var entry: [String: Any] = ["title": outcome.title]
            if let result = outcome.result {
                entry["values"] = result.values.map(\.jsonObject)
                entry["baseline"] = result.baseline.map(\.jsonObject)
                entry["ratio"] = result.ratio
                entry["goal"] = result.goal
                entry["met"] = result.met
                entry["note"] = result.note
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

extension Measured {
    var jsonObject: [String: Any] { ["label": label, "value": value, "unit": unit] }
}
