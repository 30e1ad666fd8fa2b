import Foundation
import KioskTesting

/// P5-PG1: P5's 16 kiosks pushing at once into one `kiosk-hub` on PostgreSQL (a private cluster on loopback, started
/// by scripts/postgres-fixture.sh), against the same load into a hub on SQLite in the same run.
struct PostgresIngestFigure: BenchFigure {
    let name = "P5-PG1"
    let title = "hub ingestion from 16 concurrent kiosks, one hub on PostgreSQL"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let kiosks = HubIngestLoad.postgresGates(quick: run.quick)
        let sqlite = try await HubIngestLoad.run(kiosks, in: try run.directory("p5-pg1-sqlite"))
        let postgres = try await PostgresCluster.with { cluster in
            try await HubIngestLoad.run(kiosks, in: try run.directory("p5-pg1"), databaseURL: cluster.url)
        }
        return FigureResult(
            values: [Measured(label: "PostgreSQL", value: postgres.rate, unit: "records/s")] + postgres.cpuValues(),
            baseline: [Measured(label: "SQLite", value: sqlite.rate, unit: "records/s")] + sqlite.cpuValues(prefix: "SQLite: "),
            ratio: postgres.rate / sqlite.rate,
            goal: "≥ 0.5 × SQLite",
            met: postgres.rate >= 0.5 * sqlite.rate,
            note:
                "\(kiosks.map(\.count).reduce(0, +)) events each way in batches of \(HubIngestLoad.batchSize), each into a fresh hub; every event in the database once"
        )
    }
}
