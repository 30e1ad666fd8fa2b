import Foundation
import KioskTesting

/// P15b: P5's load into a hub holding a year of a 500-student PG (four taps a day each), once alone and once while
/// `kiosk-hub backup` copies the hub again and again: the ingestion rate during the backups against the rate without,
/// measured on the same hub in the same run.
struct BackupUnderLoadFigure: BenchFigure {
    let name = "P15b"
    let title = "hub ingestion while a backup runs"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let year = run.quick ? 60_000 : 730_000
        let perKiosk = run.quick ? 2_000 : 10_000
        let directory = try run.directory("p15b")
        let gates = HubIngestLoad.gates(HubIngestFigure.kiosks, perKiosk: perKiosk)
        let hub = try await BenchHub(in: directory, kioskIDs: ["year"] + gates.map(\.id))
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let (without, during, backups): (Double, Double, Int)
        do {
            _ = try await HubIngestLoad.push([("year", HubIngestLoad.events(kiosk: "year", count: year))], hub: hub)
            without = try await HubIngestLoad.push(gates.map { ($0.id, HubIngestLoad.events(kiosk: $0.id, count: perKiosk)) }, hub: hub)
            let later = gates.map { ($0.id, HubIngestLoad.events(kiosk: $0.id, count: perKiosk, firstSeq: perKiosk + 1)) }
            (during, backups) = try await Self.backingUp(hub: hub, to: copy) { try await HubIngestLoad.push(later, hub: hub) }
            try await hub.terminate()
        } catch {
            try? await hub.terminate()
            throw error
        }
        let total = Double(perKiosk * gates.count)
        let (rate, alone) = (total / during, total / without)
        return FigureResult(
            values: [Measured(label: "during backups", value: rate, unit: "records/s")],
            baseline: [Measured(label: "without", value: alone, unit: "records/s")],
            ratio: rate / alone,
            goal: "≥ 0.8 × without",
            met: rate >= 0.8 * alone,
            note: "\(Int(total)) events from \(gates.count) kiosks into a hub holding \(year); \(backups) backups ran one after another during them"
        )
    }

    /// Runs `load` while `kiosk-hub backup` copies the hub one run after another, from before the load starts until it
    /// ends; returns what `load` returned and how many backups ran.
    private static func backingUp(hub: BenchHub, to copy: String, _ load: () async throws -> Double) async throws -> (Double, Int) {
        let dataDirectory = URL(fileURLWithPath: hub.databasePath).deletingLastPathComponent().path
        let backups = Task {
            var runs = 0
            while !Task.isCancelled {
                try? FileManager.default.removeItem(atPath: copy)
                let backup = try await DedicatedThread.run {
                    try MeasuredCommand.run(HubCommands.executable, ["backup", "--to", copy, "--data-dir", dataDirectory])
                }
                guard backup.status == 0 else { throw BenchError("kiosk-hub backup exited with \(backup.status)") }
                runs += 1
            }
            return runs
        }
        let result: Double
        do {
            result = try await load()
        } catch {
            backups.cancel()
            _ = try? await backups.value
            throw error
        }
        backups.cancel()
        let runs = try await backups.value
        guard runs > 0 else { throw BenchError("no backup ran during the load") }
        return (result, runs)
    }
}
