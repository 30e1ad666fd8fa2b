import ArgumentParser
import Foundation
import KioskTesting

/// `kiosk-bench`: the kiosk's performance figures, each a ratio against a baseline measured in the same run.
@main
struct KioskBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-bench",
        abstract: "Measures the kiosk's performance figures (P1-P12, P1b, P5-PG1, P5-PG2) against baselines measured in the same run.",
        discussion: """
            Every figure is stated as a ratio against a baseline taken on the same machine in the same run, \
            because shared machines are noisy. Missing a goal does not fail the run; a figure that could not be \
            measured at all does (exit 1).
            """
    )

    @OptionGroup var options: HarnessOptions

    func run() async throws {
        let outcomes = try await HarnessRun.run(BenchFigures.all, tool: "kiosk-bench", quick: options.quick, only: options.only, row: ResultTable.row)
        print("")
        print(ResultTable.render(outcomes, quick: options.quick))
        if let json = options.json { try HarnessRun.writeJSON(outcomes, to: json, quick: options.quick, fields: \.jsonFields) }
        if outcomes.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
    }
}
