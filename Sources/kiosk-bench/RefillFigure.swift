import Foundation
import GRDB
import KioskTesting

/// P15: a restored hub refilled by its gate. The kiosk's events were all acknowledged by a hub that has since lost them
/// (restored from a copy older than every one of them); one run of the real `kiosk sync` learns it from
/// `GET /v1/kiosks/self`, makes them pending again and pushes them to the real `kiosk-hub` on loopback until the hub
/// holds every one: records per second, against P4's SQLite insert floor measured in the same run.
struct RefillFigure: BenchFigure {
    let name = "P15"
    let title = "a restored hub refilled by its gate"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let count = run.quick ? 20_000 : 100_000
        let directory = try run.directory("p15")
        let (hub, kiosk) = try await SyncBacklogFigure.kiosk(backlog: count, in: directory)
        let journal = try DatabaseQueue(path: kiosk.journalPath)
        try await journal.write { db in
            try db.execute(sql: "UPDATE event SET sync_state = 'synced', synced_at = ?", arguments: [Int64(Date().timeIntervalSince1970 * 1000)])
        }
        try journal.close()
        let config = kiosk.config
        let result = try await DedicatedThread.run {
            try MeasuredCommand.run(BenchKiosk.executable, ["sync", "--timeout", "600", "--config", config])
        }
        try await hub.process.terminate()
        guard result.status == 0 else { throw BenchError("kiosk sync exited with \(result.status)") }
        let held = try await DatabaseQueue(path: hub.databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event") ?? 0
        }
        guard held == count else { throw BenchError("the refilled hub holds \(held) events, not \(count)") }
        let floor = try await DedicatedThread.run { try SyncBacklogFigure.storageFloor(rows: count, in: try run.directory("p15-floor")) }
        let rate = Double(count) / result.seconds
        return FigureResult(
            values: [Measured(label: "\(count / 1000)k refilled", value: rate, unit: "records/s")],
            baseline: [Measured(label: "SQLite insert floor", value: floor, unit: "records/s")],
            ratio: rate / floor,
            goal: "≥ 50k records/s (as P4)",
            met: rate >= 50_000,
            note: "one kiosk sync: the hub said it holds none of the \(count) events the kiosk saw acknowledged"
        )
    }
}
