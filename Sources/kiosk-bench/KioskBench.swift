import ArgumentParser
import Foundation
import KioskTesting

/// `kiosk-bench`: the kiosk's performance figures, each a ratio against a baseline measured in the same run.
@main
struct KioskBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-bench",
        abstract: "Measures the kiosk's performance figures (P1-P8) against baselines measured in the same run.",
        discussion: """
            Every figure is stated as a ratio against a baseline taken on the same machine in the same run, \
            because shared machines are noisy. Missing a goal does not fail the run; a figure that could not be \
            measured at all does (exit 1).
            """
    )

    @Flag(help: "Shorter runs of every figure (within five minutes on two cores).")
    var quick = false

    @Option(help: "Also write the figures as one JSON object to this file.")
    var json: String?

    @Option(help: "Only these figures, comma separated (e.g. P1,P6).")
    var only: String?

    func run() async throws {
        let wanted = only.map { Set($0.uppercased().split(separator: ",").map(String.init)) }
        let figures = BenchFigures.all.filter { wanted?.contains($0.name) ?? true }
        let run = try ScratchRun(tool: "kiosk-bench", quick: quick)
        defer { run.removeScratch() }
        var outcomes: [FigureOutcome] = []
        for figure in figures {
            print("\(figure.name) \(figure.title) ...")
            let outcome: FigureOutcome
            do {
                outcome = FigureOutcome(name: figure.name, title: figure.title, result: try await figure.measure(run))
            } catch {
                outcome = FigureOutcome(name: figure.name, title: figure.title, failure: "\(error)")
            }
            outcomes.append(outcome)
            print(ResultTable.row(outcome))
        }
        print("")
        print(ResultTable.render(outcomes, quick: quick))
        if let json { try FigureOutcome.write(outcomes, to: json, quick: quick) }
        if outcomes.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
    }
}
