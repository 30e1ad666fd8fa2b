import ArgumentParser
import Foundation
import KioskTesting

/// `kiosk-faults`: bounded fault-injection loops that check the kiosk's invariants (nothing tapped is lost or
/// counted twice) and report counts.
@main
struct KioskFaults: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-faults",
        abstract: "Injects faults (kill -9, network faults, disk full, pcscd restarts, clock jumps) and checks the invariants.",
        subcommands: [FaultSuite.self, RecordTapsCommand.self],
        defaultSubcommand: FaultSuite.self
    )
}

/// The suite itself: every scenario, or those named.
struct FaultSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Runs the fault scenarios (the default).",
        discussion: "Loopback only; every loop is bounded. Exits 1 when an invariant is broken or a scenario could not run."
    )

    @Flag(help: "Shorter loops (within five minutes on two cores).")
    var quick = false

    @Option(help: "Also write the results as one JSON object to this file.")
    var json: String?

    @Option(help: "Only these scenarios, comma separated (e.g. R1,R4).")
    var only: String?

    func run() async throws {
        let wanted = only.map { Set($0.uppercased().split(separator: ",").map(String.init)) }
        let scenarios = FaultScenarios.all.filter { wanted?.contains($0.name) ?? true }
        let run = try ScratchRun(tool: "kiosk-faults", quick: quick)
        defer { run.removeScratch() }
        var outcomes: [ScenarioOutcome] = []
        for scenario in scenarios {
            print("\(scenario.name) \(scenario.title) ...")
            let outcome: ScenarioOutcome
            do {
                outcome = ScenarioOutcome(name: scenario.name, title: scenario.title, result: try await scenario.run(run))
            } catch {
                outcome = ScenarioOutcome(name: scenario.name, title: scenario.title, failure: "\(error)")
            }
            outcomes.append(outcome)
            print(OutcomeTable.row(outcome))
        }
        print("")
        print(OutcomeTable.render(outcomes, quick: quick))
        if let json { try ScenarioOutcome.write(outcomes, to: json, quick: quick) }
        if !outcomes.allSatisfy(\.held) { throw ExitCode(1) }
    }
}
