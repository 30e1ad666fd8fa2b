import Foundation
import KioskTesting

/// P5-PG2: P5's 16 kiosks pushing at once into two `kiosk-hub` processes on one PostgreSQL database (8 kiosks each),
/// against the same load into one hub, in the same run. Each load goes into a cluster of its own, so that what the
/// server does after the first (autovacuum of the events it stored, writing back its pages) does not fall on the second.
struct TwoHubIngestFigure: BenchFigure {
    let name = "P5-PG2"
    let title = "hub ingestion from 16 concurrent kiosks, two hubs on one PostgreSQL"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let kiosks = HubIngestLoad.postgresGates(quick: run.quick)
        let one = try await PostgresCluster.with { cluster in
            try await HubIngestLoad.run(kiosks, in: try run.directory("p5-pg2-one"), databaseURL: try await cluster.createDatabase("one_hub"))
        }
        let two = try await PostgresCluster.with { cluster in
            try await HubIngestLoad.run(
                kiosks,
                in: try run.directory("p5-pg2"),
                databaseURL: try await cluster.createDatabase("two_hubs"),
                processes: 2
            )
        }
        return FigureResult(
            values: [Measured(label: "2 hubs", value: two.rate, unit: "records/s")] + two.cpuValues(),
            baseline: [Measured(label: "1 hub", value: one.rate, unit: "records/s")] + one.cpuValues(prefix: "1 hub: "),
            ratio: two.rate / one.rate,
            goal: "≥ 1 × one hub",
            met: two.rate >= one.rate,
            note:
                "\(kiosks.map(\.count).reduce(0, +)) events each way in batches of \(HubIngestLoad.batchSize), each into a fresh cluster; every event in it once"
        )
    }
}
