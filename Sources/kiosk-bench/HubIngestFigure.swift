import Foundation
import KioskTesting

/// P5: the hub's ingestion from 16 kiosks pushing at once, each with its own token and the kiosk's own
/// `HubClient` (the real protocol: JSON batches over HTTP/1.1), into the real `kiosk-hub` and its SQLite store;
/// against one kiosk pushing the same number of events alone. Each load goes to a fresh hub.
struct HubIngestFigure: BenchFigure {
    let name = "P5"
    let title = "hub ingestion from 16 concurrent kiosks"
    static let kiosks = 16

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let perKiosk = run.quick ? 2_000 : 10_000
        let total = perKiosk * Self.kiosks
        let solo = try await HubIngestLoad.run([("solo", total)], in: try run.directory("p5-solo"))
        let sixteen = try await HubIngestLoad.run(HubIngestLoad.gates(Self.kiosks, perKiosk: perKiosk), in: try run.directory("p5"))
        let (rate, soloRate) = (sixteen.rate, solo.rate)
        return FigureResult(
            values: [Measured(label: "16 kiosks", value: rate, unit: "records/s")] + sixteen.cpuValues(),
            baseline: [Measured(label: "1 kiosk", value: soloRate, unit: "records/s")] + solo.cpuValues(prefix: "1 kiosk: "),
            ratio: rate / soloRate,
            goal: "≥ 100k records/s",
            met: rate >= 100_000,
            note: "\(total) events each way in batches of \(HubIngestLoad.batchSize); every event acknowledged and in the hub's database once"
        )
    }
}
