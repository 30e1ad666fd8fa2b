import Foundation
import GRDB
import KioskCore
import KioskTesting
import KioskWire

/// P4: a kiosk's backlog pushed by the real `kiosk sync` to the real `kiosk-hub` on loopback until the hub holds
/// every event: records per second, and the pushing process's peak memory for a backlog ten times larger. The
/// baseline is the storage floor: the same rows inserted into a fresh SQLite file (WAL, synchronous=FULL) in
/// transactions of the same batch size, with no HTTP, JSON or second database.
struct SyncBacklogFigure: BenchFigure {
    let name = "P4"
    let title = "backlog synced to a hub on loopback"
    static let batchSize = SyncConfiguration.defaultBatchSize

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let (small, large) = run.quick ? (2_000, 20_000) : (10_000, 100_000)
        let (smallRun, _) = try await push(backlog: small, in: try run.directory("p4-small"))
        let (largeRun, cpu) = try await push(backlog: large, in: try run.directory("p4-large"))
        let floor = try await DedicatedThread.run { try Self.storageFloor(rows: large, in: try run.directory("p4-floor")) }
        let rate = Double(large) / largeRun.seconds
        let growth = Double(largeRun.peakResidentBytes - smallRun.peakResidentBytes) / 1_048_576
        return FigureResult(
            values: [
                Measured(label: "\(large / 1000)k backlog", value: rate, unit: "records/s"),
                Measured(label: "\(small / 1000)k backlog", value: Double(small) / smallRun.seconds, unit: "records/s"),
                Measured(label: "peak RSS \(large / 1000)k", value: Double(largeRun.peakResidentBytes) / 1_048_576, unit: "MB"),
                Measured(label: "peak RSS \(small / 1000)k", value: Double(smallRun.peakResidentBytes) / 1_048_576, unit: "MB"),
            ] + cpu.values(records: large, load: "kiosk sync", prefix: "\(large / 1000)k: "),
            baseline: [Measured(label: "SQLite insert floor", value: floor, unit: "records/s")],
            ratio: rate / floor,
            goal: "≥ 50k records/s, RSS not growing with the backlog (≤ 2 MB more for 10×)",
            met: rate >= 50_000 && growth <= 2,
            note: "kiosk sync in batches of \(Self.batchSize); RSS grew \(String(format: "%.1f", growth)) MB from \(small) to \(large) records"
        )
    }

    /// Pushes a backlog of `count` events with `kiosk sync` and checks that the hub holds all of them, once; with
    /// where the machine's CPU went meanwhile.
    private func push(backlog count: Int, in directory: URL) async throws -> (MeasuredCommand, LoadCPU) {
        let (hub, kiosk) = try await Self.kiosk(backlog: count, in: directory)
        let config = kiosk.config
        let (result, cpu) = try await LoadCPU.during(hubs: [hub.process.pid]) {
            let result = try await DedicatedThread.run {
                try MeasuredCommand.run(BenchKiosk.executable, ["sync", "--timeout", "600", "--config", config])
            }
            return (result, result.cpuSeconds)
        }
        try await hub.process.terminate()
        guard result.status == 0 else { throw BenchError("kiosk sync exited with \(result.status)") }
        guard result.peakResidentBytes > 0 else { throw BenchError("the peak memory of kiosk sync could not be read from /proc") }
        let held = try await DatabaseQueue(path: hub.databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event") ?? 0
        }
        guard held == count else { throw BenchError("the hub holds \(held) events, not \(count)") }
        return (result, cpu)
    }

    /// A hub serving in `directory` and a kiosk syncing to it in batches of `batchSize`, its journal holding `count`
    /// pending events.
    static func kiosk(backlog count: Int, in directory: URL) async throws -> (BenchHub, KioskDirectory) {
        let hub = try await BenchHub(in: directory, kioskIDs: [BenchKiosk.kioskID])
        let kiosk = try await KioskDirectory(
            at: directory,
            kioskID: BenchKiosk.kioskID,
            sections: hub.syncSection(for: BenchKiosk.kioskID) + "batch_size = \(Self.batchSize)\n",
            roster: nil
        )
        try await Backlog.journal(at: kiosk.journalPath, kioskID: BenchKiosk.kioskID, events: count)
        return (hub, kiosk)
    }

    /// Rows per second inserted in transactions of `batchSize` into a fresh WAL file with synchronous=FULL.
    static func storageFloor(rows: Int, in directory: URL) throws -> Double {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let pool = try DatabasePool(path: directory.appendingPathComponent("floor.sqlite").path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE event (id TEXT PRIMARY KEY NOT NULL, kiosk_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL)")
        }
        let body = String(repeating: "x", count: 300)
        let ids = (0..<rows).map { _ in UUID().uuidString }
        let start = ContinuousClock.now
        for first in stride(from: 0, to: rows, by: batchSize) {
            try pool.write { db in
                let insert = try db.cachedStatement(sql: "INSERT INTO event VALUES (?, 'bench', ?, ?)")
                for seq in first..<min(rows, first + batchSize) {
                    try insert.execute(arguments: [ids[seq], seq, body])
                }
            }
        }
        return Double(rows) / ((ContinuousClock.now - start).milliseconds / 1000)
    }
}
