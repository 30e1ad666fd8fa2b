import Foundation
import GRDB
import KioskCore
import KioskSync
import KioskTesting
import KioskWire

/// P5: the hub's ingestion from 16 kiosks pushing at once, each with its own token and the kiosk's own
/// `HubClient` (the real protocol: JSON batches over HTTP/1.1), into the real `kiosk-hub` and its SQLite store;
/// against one kiosk pushing the same number of events alone.
struct HubIngestFigure: BenchFigure {
    let name = "P5"
    let title = "hub ingestion from 16 concurrent kiosks"
    static let kiosks = 16
    static let batchSize = 500

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let perKiosk = run.quick ? 2_000 : 10_000
        let total = perKiosk * Self.kiosks
        let ids = (1...Self.kiosks).map { "gate-\($0)" }
        let hub = try await BenchHub(in: try run.directory("p5"), kioskIDs: ids + ["solo"])
        let solo = try await Self.push(
            [("solo", Self.events(kiosk: "solo", count: total))],
            hub: hub
        )
        let concurrent = try await Self.push(ids.map { ($0, Self.events(kiosk: $0, count: perKiosk)) }, hub: hub)
        try await hub.process.terminate()
        let held = try await DatabaseQueue(path: hub.databasePath).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event") ?? 0
        }
        guard held == 2 * total else { throw BenchError("the hub holds \(held) events, not \(2 * total)") }
        let rate = Double(total) / concurrent
        let soloRate = Double(total) / solo
        return FigureResult(
            values: [Measured(label: "16 kiosks", value: rate, unit: "records/s")],
            baseline: [Measured(label: "1 kiosk", value: soloRate, unit: "records/s")],
            ratio: rate / soloRate,
            goal: "≥ 100k records/s",
            met: rate >= 100_000,
            note: "\(total) events each way in batches of \(Self.batchSize); every event acknowledged and in the hub's database once"
        )
    }

    /// Pushes every kiosk's events at once, each kiosk one batch at a time; returns the seconds until all were acknowledged.
    private static func push(_ kiosks: [(id: String, events: [WireEvent])], hub: BenchHub) async throws -> Double {
        let clients = try kiosks.map { kiosk in
            guard let token = hub.tokens[kiosk.id], let url = URL(string: hub.url) else { throw BenchError("no token for \(kiosk.id)") }
            return try HubClient(configuration: SyncConfiguration(hubURL: url, tokenFile: hub.tokenFile(for: kiosk.id)), token: token)
        }
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (kiosk, client) in zip(kiosks, clients) {
                group.addTask {
                    for first in stride(from: 0, to: kiosk.events.count, by: batchSize) {
                        let batch = Array(kiosk.events[first..<min(kiosk.events.count, first + batchSize)])
                        guard case .results(let verdicts) = await client.push(EventBatch(kioskId: kiosk.id, events: batch)),
                            verdicts.count == batch.count, verdicts.values.allSatisfy({ $0 == .acknowledged })
                        else { throw BenchError("the hub did not acknowledge a batch of \(kiosk.id)") }
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = (ContinuousClock.now - start).milliseconds / 1000
        for client in clients { await client.shutdown() }
        return elapsed
    }

    private static func events(kiosk: String, count: Int) -> [WireEvent] {
        let start = Date().addingTimeInterval(-Double(count))
        return (1...count).map { seq in
            WireEvent(
                NumberedRoster.tapEvent(
                    kioskID: kiosk,
                    seq: Int64(seq),
                    student: seq % 500,
                    direction: seq % 2 == 0 ? .in : .out,
                    at: start.addingTimeInterval(Double(seq))
                )
            )
        }
    }
}
