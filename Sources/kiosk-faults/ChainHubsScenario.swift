import Foundation
import GRDB
import KioskCore
import KioskTesting

/// R7: a chain's hub: two real `kiosk-hub serve` processes on one PostgreSQL database (a private cluster started by
/// scripts/postgres-fixture.sh), eight kiosks each pushing a backlog of its own students' taps with the real
/// `SyncEngine` through a fault proxy of its own, which sends every request to either hub at random and injects a
/// fault every fourth push, and the database restarted twice while they push (`pg_ctl restart -m fast`: the hubs'
/// connections are cut and they answer 503 until it is back).
///
/// Invariants: every event stored once (rows and distinct ids counted in PostgreSQL itself); each journal's own
/// events exactly the hub's events of that kiosk, and nothing pending or quarantined in any journal; each kiosk's
/// daily reports, restricted to its own students, equal to the hub's report of the property (`default`, the only
/// one for now) for those students, on every day of the backlog at the same instant; every retry delay within the
/// backoff's cap, and no kiosk back before the (capped) `Retry-After` it was given; no request left waiting on the
/// database (each hub exits on SIGTERM within 10 s); both restarts while events were pending, and both hubs taking
/// pushes; and a ninth gate, paging the pull feed through either hub in turn while the others push, handed every
/// event once.
struct ChainHubsScenario: FaultScenario {
    let name = "R7"
    let title = "two hubs on one PostgreSQL through database restarts"
    static let kioskCount = 8
    static let studentsPerKiosk = 60
    static let base = Duration.milliseconds(50)
    /// Above the hub's `Retry-After: 5`, so that is honoured in full.
    static let cap = Duration.seconds(8)
    static let rotation: [Fault] = [
        .status(500, retryAfter: nil), .resetMidBody, .loseResponse, .status(502, retryAfter: "1"), .slow(.milliseconds(300)),
        .status(429, retryAfter: nil),
    ]

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        let perKiosk = run.quick ? 500 : 10_000
        let batchSize = run.quick ? 50 : 250
        let directory = try run.directory("r7")
        return try await PostgresCluster.with { cluster in
            try await Self.run(perKiosk: perKiosk, batchSize: batchSize, in: directory, cluster: cluster, timeout: .seconds(run.quick ? 180 : 900))
        }
    }

    private static func run(
        perKiosk: Int,
        batchSize: Int,
        in directory: URL,
        cluster: PostgresCluster,
        timeout: Duration
    ) async throws -> ScenarioResult {
        let since = Date().addingTimeInterval(-Double(perKiosk) - 60)
        let hub = HubCommands(dataDirectory: directory.appendingPathComponent("hub").path, databaseURL: cluster.url)
        let roster = directory.appendingPathComponent("roster.csv")
        try NumberedRoster.csv(students: kioskCount * studentsPerKiosk).write(to: roster, atomically: true, encoding: .utf8)
        try await hub.importRoster(roster.path)
        var kiosks: [ChainKiosk] = []
        var injected = 0
        for index in 0..<kioskCount {
            let students = index * studentsPerKiosk..<(index + 1) * studentsPerKiosk
            let faults = (0..<perKiosk / batchSize).map { push in push % 4 == 3 ? rotation[(push / 4 + index) % rotation.count] : .pass }
            injected += faults.filter { if case .pass = $0 { false } else { true } }.count
            kiosks.append(try await ChainKiosk(index: index, events: perKiosk, students: students, in: directory, hub: hub, faults: faults))
        }
        let watchToken = try await hub.createToken(kioskID: "watch-1")
        let hubs = [try await hub.serve(), try await hub.serve()]
        let watch = try FeedWatch(hubPorts: hubs.map(\.port), token: watchToken)
        let watching = Task { await watch.follow() }
        let delays = RetryDelays()
        let start = ContinuousClock.now
        let push = ChainPush(
            kiosks: kiosks,
            hubPorts: hubs.map(\.port),
            cluster: cluster,
            batchSize: batchSize,
            backoff: SyncBackoff(base: base, cap: cap),
            logger: delays.logger,
            timeout: timeout
        )
        let restarts: [Int]
        let followed: FeedWatch.Followed
        var stops: [Duration?] = []
        do {
            restarts = try await push.run()
            watching.cancel()
            followed = try await watch.catchUp(await watching.value)
            await watch.shutdown()
            for hub in hubs { stops.append(try await hub.process.terminate(timeout: 10)) }
        } catch {
            watching.cancel()
            await watch.shutdown()
            let states = hubs.enumerated().map { index, hub in
                let errors = hub.process.output.filter { $0.contains(" error ") || $0.contains(" critical ") }.suffix(3)
                let crash = hub.process.crashReport
                return "hub \(index + 1) \(hub.process.state); its last errors: \(errors.joined(separator: " | "))"
                    + (crash.isEmpty ? "" : "; its crash: \(crash.joined(separator: " | "))")
            }
            let server = cluster.serverLogTail(4).joined(separator: " | ")
            for hub in hubs { _ = try? await hub.process.terminate(timeout: 10) }
            throw FaultError("\(error); \(states.joined(separator: "; ")); the database server's last words: \(server)")
        }
        let seconds = (ContinuousClock.now - start).components.seconds
        let outcome = try await ChainOutcome(
            kiosks: kiosks,
            hubs: hubs,
            stops: stops,
            databaseURL: cluster.url,
            since: since,
            delays: delays.seconds,
            followed: followed
        )
        return ScenarioResult(
            counts: [
                Count(label: "events", value: Double(kiosks.count * perKiosk)), Count(label: "kiosks", value: Double(kiosks.count)),
                Count(label: "database restarts", value: Double(restarts.count)), Count(label: "faults injected", value: Double(injected)),
            ] + outcome.counts + [Count(label: "seconds", value: Double(seconds))],
            invariants: outcome.invariants(events: kiosks.count * perKiosk, restarts: restarts, cap: cap)
        )
    }
}
