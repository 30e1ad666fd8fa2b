import KioskTesting

/// One fault scenario: R1 ... R8 (its `name`).
protocol FaultScenario: HarnessStep where Result == ScenarioResult {
    /// Runs the bounded loop and checks its invariants.
    func run(_ run: ScratchRun) async throws -> ScenarioResult
}

extension FaultScenario {
    func perform(_ run: ScratchRun) async throws -> ScenarioResult { try await self.run(run) }
}

/// Every scenario, in the order they run.
enum FaultScenarios {
    static let all: [any HarnessStep<ScenarioResult>] = [
        KillDuringTapsScenario(), SyncFaultsScenario(), DiskFullScenario(), ClockJumpScenario(), PCSCDRestartScenario(), ChainHubsScenario(),
        KillDuringCheckpointsScenario(),
    ]
}
