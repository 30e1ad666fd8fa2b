import KioskTesting

/// One fault scenario of the issue: R1 ... R6.
protocol FaultScenario: Sendable {
    /// The scenario's name, "R1" ... "R6": its key in the JSON output.
    var name: String { get }
    /// The fault injected, in a few words.
    var title: String { get }
    /// Runs the bounded loop and checks its invariants.
    func run(_ run: ScratchRun) async throws -> ScenarioResult
}

/// Every scenario, in the order they run.
enum FaultScenarios {
    static let all: [any FaultScenario] = [
        KillDuringTapsScenario(), SyncFaultsScenario(), DiskFullScenario(), ClockJumpScenario(), PCSCDRestartScenario(),
    ]
}
