import AsyncHTTPClient
import Foundation
import KioskCore
import KioskJournal
import KioskSync
import KioskTesting
import Logging

/// R7's run: every kiosk's real `SyncEngine` pushing through a fault proxy of its own that sends each request to
/// either hub at random, until no journal has anything pending; the database is restarted when a third and when
/// two thirds of the events were acknowledged.
struct ChainPush {
    let kiosks: [ChainKiosk]
    let hubPorts: [Int]
    let cluster: PostgresCluster
    let batchSize: Int
    let backoff: SyncBackoff
    let logger: Logger
    /// The bound on the whole run.
    let timeout: Duration

    /// Runs the proxies and the engines until every journal is drained; returns the events pending at each restart.
    func run() async throws -> [Int] {
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let restarts = try await withProxies(kiosks.map(\.script)[...], http: http) { ports in try await drain(through: ports) }
            try await http.shutdown()
            return restarts
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Runs one proxy per script, in front of both hubs, for the length of `body`, which gets their ports.
    private func withProxies<T: Sendable>(_ scripts: ArraySlice<FaultScript>, http: HTTPClient, _ body: ([Int]) async throws -> T) async throws -> T {
        guard let script = scripts.first else { return try await body([]) }
        let hubPorts = self.hubPorts
        let makeProxy = { (report: @escaping @Sendable (Int) async -> Void) in
            FaultProxy.application(hubPorts: hubPorts, script: script, http: http, onServerRunning: report)
        }
        return try await withRunning(makeProxy) { port in
            try await withProxies(scripts.dropFirst(), http: http) { ports in try await body([port] + ports) }
        }
    }

    /// Runs every kiosk's engine against its proxy until nothing is pending, restarting the database on the way.
    private func drain(through ports: [Int]) async throws -> [Int] {
        let engines = try zip(kiosks, ports).map { kiosk, port in
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw FaultError("bad proxy URL") }
            let configuration = SyncConfiguration(
                hubURL: url,
                tokenFile: "",
                batchSize: batchSize,
                connectTimeoutSeconds: 1,
                requestTimeoutSeconds: 5
            )
            return SyncEngine(
                journal: kiosk.journal,
                client: try HubClient(configuration: configuration, token: kiosk.token),
                configuration: configuration,
                backoff: backoff,
                logger: logger
            )
        }
        let total = try await pending()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for engine in engines { group.addTask { try await engine.run() } }
            do {
                let restarts = try await restartWhilePushing(total: total)
                group.cancelAll()
                return restarts
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    /// Watches the journals until none has anything pending, restarting the database when a third, then two thirds,
    /// of the `total` events were acknowledged; returns the events pending at each restart.
    private func restartWhilePushing(total: Int) async throws -> [Int] {
        var pendingAtRestarts: [Int] = []
        var lastRestart = ContinuousClock.now
        let deadline = ContinuousClock.now + timeout
        while case let left = try await pending(), left > 0 {
            if pendingAtRestarts.count < 2, total - left >= total * (pendingAtRestarts.count + 1) / 3 {
                try await cluster.restart()
                pendingAtRestarts.append(left)
                lastRestart = ContinuousClock.now
            }
            guard ContinuousClock.now < deadline else {
                let restarts =
                    "\(pendingAtRestarts.count) database restarts, the last \((ContinuousClock.now - lastRestart).components.seconds) s before"
                throw FaultError("\(left) events still pending after \(timeout) (\(restarts)): \(try await stuck())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return pendingAtRestarts
    }

    /// Each kiosk that still has events pending: how many, and its last sync failure.
    private func stuck() async throws -> String {
        var lines: [String] = []
        for kiosk in kiosks {
            let pending = try await kiosk.journal.syncCounts().pending
            guard pending > 0 else { continue }
            let status = try await kiosk.journal.syncStatus()
            lines.append("\(kiosk.id) \(pending) pending, last failure: \(status.lastError ?? "none")")
        }
        return lines.joined(separator: "; ")
    }

    /// The events pending in all journals together.
    private func pending() async throws -> Int {
        var pending = 0
        for kiosk in kiosks { pending += try await kiosk.journal.syncCounts().pending }
        return pending
    }
}
