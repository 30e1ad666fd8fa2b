import KioskTesting

/// One performance figure of the issue: P1 ... P8.
protocol BenchFigure: Sendable {
    /// The figure's name, "P1" ... "P8": its key in the JSON output.
    var name: String { get }
    /// What is measured, in a few words.
    var title: String { get }
    /// Measures the figure and its baseline.
    func measure(_ run: ScratchRun) async throws -> FigureResult
}

/// Every figure, in the order they run.
enum BenchFigures {
    static let all: [any BenchFigure] = [
        TapCommitFigure(), CardToCommitFigure(), IdleCPUFigure(), SyncBacklogFigure(), HubIngestFigure(), DailyReportFigure(), SteadyMemoryFigure(),
        StartToReadyFigure(),
    ]
}
