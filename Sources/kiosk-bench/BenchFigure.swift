import KioskTesting

/// One performance figure: P1 ... P13, P1b, P13b, and P5's PostgreSQL variants P5-PG1 and P5-PG2 (its `name`).
protocol BenchFigure: HarnessStep where Result == FigureResult {
    /// Measures the figure and its baseline.
    func measure(_ run: ScratchRun) async throws -> FigureResult
}

extension BenchFigure {
    func perform(_ run: ScratchRun) async throws -> FigureResult { try await measure(run) }
}

/// Every figure, in the order they run.
enum BenchFigures {
    static let all: [any HarnessStep<FigureResult>] = [
        TapCommitFigure(), RosterScalingFigure(), CardToCommitFigure(), SunCardToCommitFigure(), IdleCPUFigure(), SyncBacklogFigure(),
        HubIngestFigure(),
        PostgresIngestFigure(),
        TwoHubIngestFigure(), DailyReportFigure(), SteadyMemoryFigure(), StartToReadyFigure(), ChainSummaryFigure(),
        TodayPageFigure(), TapToBrowserFigure(), IdleChainFigure(), CheckpointExchangeFigure(), LogVerifyFigure(), RefillFigure(),
        BackupUnderLoadFigure(), ChainAtScaleFigure(),
    ]
}
