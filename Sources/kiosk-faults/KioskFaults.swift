import ArgumentParser
import Foundation
import KioskTesting

/// `kiosk-faults`: bounded fault-injection loops that check the kiosk's invariants (nothing tapped is lost or
/// counted twice) and report counts.
@main
struct KioskFaults: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-faults",
        abstract: "Injects faults (kill -9, network faults, disk full, pcscd restarts, clock jumps, database restarts) and checks the invariants.",
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

    @OptionGroup var options: HarnessOptions

    func run() async throws {
        let outcomes = try await HarnessRun.run(
            FaultScenarios.all,
            tool: "kiosk-faults",
            quick: options.quick,
            only: options.only,
            row: OutcomeTable.row
        )
        print("")
        print(OutcomeTable.render(outcomes, quick: options.quick))
        if let json = options.json { try HarnessRun.writeJSON(outcomes, to: json, quick: options.quick, fields: \.jsonFields) }
        if !outcomes.allSatisfy(\.held) { throw ExitCode(1) }
    }
}
