import Foundation
import GRDB
import KioskCore
import KioskSync
import KioskTesting
import KioskWire

/// The load of P5 and its PostgreSQL variants: kiosks pushing their own events at once into fresh hubs, each kiosk
/// one batch at a time with the kiosk's own `HubClient` (the real protocol: JSON batches over HTTP/1.1).
enum HubIngestLoad {
    static let batchSize = SyncConfiguration.defaultBatchSize

    /// One load's rate and where the machine's CPU went during it (the load's side: the benchmark's own clients).
    struct Outcome {
        let rate: Double
        let cpu: LoadCPU
        let records: Int

        /// The CPU split as figure values, labelled with `prefix`.
        func cpuValues(prefix: String = "") -> [Measured] { cpu.values(records: records, load: "kiosks'", prefix: prefix) }
    }

    /// Records per second of `kiosks` (id and event count) pushing at once into `processes` new hubs on SQLite in
    /// `directory` or on the PostgreSQL database at `databaseURL`, kiosk n to hub n mod `processes`; every event
    /// must be acknowledged and then be in the hub's database once.
    static func run(_ kiosks: [(id: String, count: Int)], in directory: URL, databaseURL: String? = nil, processes: Int = 1) async throws -> Outcome {
        let hub = try await BenchHub(in: directory, kioskIDs: kiosks.map(\.id), databaseURL: databaseURL, processes: processes)
        let (seconds, cpu): (Double, LoadCPU)
        do {
            let load = kiosks.map { ($0.id, events(kiosk: $0.id, count: $0.count)) }
            (seconds, cpu) = try await LoadCPU.during(hubs: hub.hubs.map(\.process.pid)) {
                let clients = try LoadCPU.ownSeconds()
                let seconds = try await push(load, hub: hub)
                return (seconds, try LoadCPU.ownSeconds() - clients)
            }
            try await hub.terminate()
        } catch {
            try? await hub.terminate()
            throw error
        }
        let total = kiosks.map(\.count).reduce(0, +)
        let (rows, distinct) = try await stored(databaseURL: databaseURL, hub: hub)
        guard rows == total, distinct == total else { throw BenchError("the hub holds \(rows) event rows, \(distinct) distinct, not \(total)") }
        return Outcome(rate: Double(total) / seconds, cpu: cpu, records: total)
    }

    /// P5's 16 kiosks for the PostgreSQL figures, with fewer events in --quick than P5 (PostgreSQL takes them about
    /// twenty times slower).
    static func postgresGates(quick: Bool) -> [(id: String, count: Int)] {
        gates(HubIngestFigure.kiosks, perKiosk: quick ? 500 : 10_000)
    }

    /// `count` kiosks named gate-1, gate-2, ... with `perKiosk` events each.
    static func gates(_ count: Int, perKiosk: Int) -> [(id: String, count: Int)] {
        (1...count).map { ("gate-\($0)", perKiosk) }
    }

    /// Pushes every kiosk's events at once, each kiosk one batch at a time; returns the seconds until all were acknowledged.
    static func push(_ kiosks: [(id: String, events: [WireEvent])], hub: BenchHub) async throws -> Double {
        let clients = try kiosks.indices.map { index in
            let kiosk = kiosks[index]
            guard let token = hub.tokens[kiosk.id], let url = URL(string: hub.hubs[index % hub.hubs.count].url) else {
                throw BenchError("no token for \(kiosk.id)")
            }
            return try HubClient(configuration: SyncConfiguration(hubURL: url, tokenFile: hub.tokenFile(for: kiosk.id)), token: token)
        }
        let start = ContinuousClock.now
        do {
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
        } catch {
            for client in clients { await client.shutdown() }
            throw error
        }
        let elapsed = (ContinuousClock.now - start).milliseconds / 1000
        for client in clients { await client.shutdown() }
        return elapsed
    }

    /// The hub's event rows and distinct ids, read from its database.
    private static func stored(databaseURL: String?, hub: BenchHub) async throws -> (Int, Int) {
        if let databaseURL {
            let rows = try await PostgresCluster.hubEvents(at: databaseURL)
            return (rows.count, Set(rows.map(\.id)).count)
        }
        let queue = try DatabaseQueue(path: hub.databasePath)
        defer { try? queue.close() }
        return try await queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event") ?? 0)
        }
    }

    /// `count` taps of `kiosk`, numbered from `firstSeq`, a second apart up to now.
    static func events(kiosk: String, count: Int, firstSeq: Int = 1) -> [WireEvent] {
        let start = Date().addingTimeInterval(-Double(firstSeq + count))
        return (firstSeq..<(firstSeq + count)).map { seq in
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
