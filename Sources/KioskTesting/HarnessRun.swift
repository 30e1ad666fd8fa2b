import Foundation

/// One named step of a harness run: a benchmark figure (`kiosk-bench`) or a fault scenario (`kiosk-faults`).
public protocol HarnessStep<Result>: Sendable {
    associatedtype Result: Sendable
    /// The step's name ("P1", "R4"): its key in the JSON output and in `--only`.
    var name: String { get }
    /// What the step measures or injects, in a few words.
    var title: String { get }
    /// Runs the step in the run's scratch space.
    func perform(_ run: ScratchRun) async throws -> Result
}

/// What came of one step: its result, or why it could not run.
public struct HarnessOutcome<Result: Sendable>: Sendable {
    public let name: String
    public let title: String
    public let result: Result?
    public let failure: String?
}

/// The loop `kiosk-bench` and `kiosk-faults` share: the steps named by `--only` (all without it), one after the
/// other in a scratch directory removed at the end, a row printed as each ends, then the JSON summary.
public enum HarnessRun {
    /// Runs `steps` (those `only` names, comma separated, when given, with their variants) and prints `row` of each
    /// outcome.
    public static func run<Result: Sendable>(
        _ steps: [any HarnessStep<Result>],
        tool: String,
        quick: Bool,
        only: String?,
        row: (HarnessOutcome<Result>) -> String
    ) async throws -> [HarnessOutcome<Result>] {
        let wanted = only.map { Set($0.uppercased().split(separator: ",").map(String.init)) }
        let run = try ScratchRun(tool: tool, quick: quick)
        defer { run.removeScratch() }
        var outcomes: [HarnessOutcome<Result>] = []
        for step in steps where wanted.map({ names in Self.selects(names, step.name) }) ?? true {
            print("\(step.name) \(step.title) ...")
            let outcome: HarnessOutcome<Result>
            do {
                outcome = HarnessOutcome(name: step.name, title: step.title, result: try await step.perform(run), failure: nil)
            } catch {
                outcome = HarnessOutcome(name: step.name, title: step.title, result: nil, failure: "\(error)")
            }
            outcomes.append(outcome)
            print(row(outcome))
        }
        return outcomes
    }

    /// Whether `names` (from `--only`, upper-cased) select the step `name`: by its name, or by its family's ("P5"
    /// selects P5-PG1).
    private static func selects(_ names: Set<String>, _ name: String) -> Bool {
        let name = name.uppercased()
        return names.contains(name) || names.contains(String(name.prefix { $0 != "-" }))
    }

    /// Writes one JSON object: each outcome's title, `fields` and (when it could not run) its `error`, keyed by
    /// step name, and the run's mode, date and host.
    public static func writeJSON<Result: Sendable>(
        _ outcomes: [HarnessOutcome<Result>],
        to path: String,
        quick: Bool,
        fields: (HarnessOutcome<Result>) -> [String: Any]
    ) throws {
        var object: [String: Any] = [:]
        for outcome in outcomes {
            var entry = fields(outcome)
            entry["title"] = outcome.title
            if let failure = outcome.failure { entry["error"] = failure }
            object[outcome.name] = entry
        }
        object["run"] = ["quick": quick, "date": ISO8601DateFormatter().string(from: Date()), "host": ProcessInfo.processInfo.hostName]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
