import AsyncHTTPClient
import Foundation
import KioskCore
import KioskHub
import KioskHubPostgres
import KioskHubStorage
import KioskTesting
import Logging
import NIOCore
import NIOHTTP1
import PostgresNIO
import Synchronization

/// P12: a chain of 200 properties on one `kiosk-hub serve` on PostgreSQL (a private cluster), each property's Today
/// page open in a browser's live stream, while nothing happens: the hub process's CPU and the database's transactions
/// per second over a window, against the same hub with no page open, measured just before.
struct IdleChainFigure: BenchFigure {
    let name = "P12"
    let title = "200 properties with a Today page open each, hub idle"

    static let properties = 200
    /// Long enough for the database's statistics of what came before to be counted (an idle backend reports its
    /// counts within 10 s).
    static let settle = Duration.seconds(12)

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let window = run.quick ? 10.0 : 30.0
        let directory = try run.directory("p12")
        return try await PostgresCluster.with { cluster in
            let config = directory.appendingPathComponent("hub.toml")
            try "[hub]\nmax_connections = \(Self.properties + 50)\n".write(to: config, atomically: true, encoding: .utf8)
            let commands = HubCommands(dataDirectory: directory.appendingPathComponent("hub").path, databaseURL: cluster.url, configFile: config.path)
            try await Self.prepare(cluster.url)
            let hub = try await commands.serve()
            do {
                let result = try await Self.measure(hub, cluster: cluster, window: window)
                _ = try await hub.process.terminate()
                return result
            } catch {
                _ = try? await hub.process.terminate()
                throw error
            }
        }
    }

    /// The properties, each with a roster of 20, and an operator who may open any of them, through the hub's store.
    private static func prepare(_ url: String) async throws {
        guard let databaseURL = DatabaseURL(url) else { throw BenchError("the cluster's URL \(url) cannot be read") }
        try await withPostgres(databaseURL) { client in
            let storage = PostgresHubStorage(client: client, url: databaseURL, logger: Logger(label: "bench"))
            try await storage.migrate()
            let store = HubStore(storage: storage)
            let roster = try RosterCSV.parse(NumberedRoster.csv(students: 20), file: "numbered roster")
            for index in 0..<properties {
                let id = "pg-\(index)"
                try await store.createProperty(HubProperty(id: id, name: "PG \(index)", policy: ConsoleBench.policy))
                _ = try await store.importRoster(roster, file: "numbered roster", replace: true, property: id)
            }
            _ = try await store.createUser(name: "operator", role: .chainOperator, password: ConsoleBench.password)
        }
    }

    /// The idle hub over `window` seconds without a page, then with every property's page open.
    private static func measure(_ hub: HubProcess, cluster: PostgresCluster, window: Double) async throws -> FigureResult {
        // The statistics are read from another database, so that reading them adds nothing to what they count.
        guard let slash = cluster.url.lastIndex(of: "/"), let statisticsURL = DatabaseURL(cluster.url[..<slash] + "/postgres") else {
            throw BenchError("the cluster's URL \(cluster.url) cannot be read")
        }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool = .init(idleTimeout: .seconds(120), concurrentHTTP1ConnectionsPerHostSoftLimit: properties + 10)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let database = DatabaseURL(cluster.url)?.database ?? "kiosk"
            let result = try await measure(hub, statisticsURL: statisticsURL, database: database, window: window, client: client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private static func measure(
        _ hub: HubProcess,
        statisticsURL: DatabaseURL,
        database: String,
        window: Double,
        client: HTTPClient
    ) async throws -> FigureResult {
        try await withPostgres(statisticsURL) { statistics in
            let transactions = { try await Self.transactions(statistics, database: database) }
            try await Task.sleep(for: settle)
            let idle = try await IdleWindow.measure(pid: hub.process.pid, seconds: window, transactions: transactions)
            let cookie = try await ConsoleBench.signIn(hub.url, username: "operator", client: client)
            let pages = try await OpenPages(hub.url, cookie: cookie, properties: (0..<properties).map { "pg-\($0)" }, client: client)
            defer { pages.close() }
            try await pages.waitForEveryDay()
            try await Task.sleep(for: settle)
            let open = try await IdleWindow.measure(pid: hub.process.pid, seconds: window, transactions: transactions)
            let resolution = 100 / window / Double(sysconf(Int32(_SC_CLK_TCK)))
            return FigureResult(
                values: [
                    Measured(label: "hub CPU", value: open.cpuPercent, unit: "% of a core"),
                    Measured(label: "queries", value: open.transactionsPerSecond, unit: "/s"),
                ],
                baseline: [
                    Measured(label: "no page: hub CPU", value: idle.cpuPercent, unit: "% of a core"),
                    Measured(label: "queries", value: idle.transactionsPerSecond, unit: "/s"),
                ],
                ratio: max(open.cpuPercent, resolution) / max(idle.cpuPercent, resolution),
                goal: "CPU ≤ 1 % of a core, ≤ 5 queries/s",
                met: open.cpuPercent <= 1 && open.transactionsPerSecond <= 5,
                note: "\(properties) properties of 20 students, \(Int(window)) s windows after \(settle.components.seconds) s settling; "
                    + "CPU of the hub process from /proc (resolution " + String(format: "%.2f", resolution) + " %), queries = "
                    + "transactions committed or rolled back in the hub's database (pg_stat_database)"
            )
        }
    }

    /// Transactions committed and rolled back in `database` so far, as the server's statistics count them.
    private static func transactions(_ client: PostgresClient, database: String) async throws -> Double {
        var total = 0.0
        let rows = try await client.query("SELECT (xact_commit + xact_rollback)::float8 FROM pg_stat_database WHERE datname = \(database)")
        for try await value in rows.decode(Double.self) { total = value }
        return total
    }

    /// Runs `body` with a running client of `url`, and stops it.
    private static func withPostgres<T: Sendable>(_ url: DatabaseURL, _ body: (PostgresClient) async throws -> T) async throws -> T {
        let client = PostgresHubStorage.client(url: url, password: nil, connections: 2, logger: Logger(label: "bench"))
        let running = Task { await client.run() }
        defer { running.cancel() }
        return try await body(client)
    }
}

/// A process's CPU and a database's transactions over a window of wall time.
struct IdleWindow {
    let cpuPercent: Double
    let transactionsPerSecond: Double

    static func measure(pid: Int32, seconds: Double, transactions: () async throws -> Double) async throws -> IdleWindow {
        let process = ProcessStatistics(pid: pid)
        let start = ContinuousClock.now
        guard let cpuBefore = process.cpuSeconds else { throw BenchError("cannot read /proc/\(pid)/stat") }
        let before = try await transactions()
        try await Task.sleep(for: .seconds(seconds))
        let after = try await transactions()
        guard let cpuAfter = process.cpuSeconds else { throw BenchError("the hub ended during the window") }
        let elapsed = (ContinuousClock.now - start).milliseconds / 1000
        return IdleWindow(cpuPercent: (cpuAfter - cpuBefore) / elapsed * 100, transactionsPerSecond: (after - before) / elapsed)
    }
}

/// Today pages held open as browsers hold them: each property's live stream, read until closed.
final class OpenPages: Sendable {
    private let days = Mutex(Set<Int>())
    private let readers: Mutex<[Task<Void, Never>]> = Mutex([])
    let count: Int

    init(_ base: String, cookie: String, properties: [String], client: HTTPClient) async throws {
        count = properties.count
        for (index, property) in properties.enumerated() {
            var request = HTTPClientRequest(url: base + "/live?property=" + property)
            request.headers.add(name: "Cookie", value: cookie)
            let response = try await client.execute(request, timeout: .hours(2))
            guard response.status == .ok else { throw BenchError("the live stream of \(property) answered \(response.status.code)") }
            let reader = Task {
                do {
                    for try await chunk in response.body where String(buffer: chunk).contains("event: today") {
                        _ = self.days.withLock { $0.insert(index) }
                    }
                } catch {
                    // Closed.
                }
            }
            readers.withLock { $0.append(reader) }
        }
    }

    /// Returns once every page has received its day (at most 120 s).
    func waitForEveryDay() async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while days.withLock({ $0.count }) < count {
            guard ContinuousClock.now < deadline else { throw BenchError("only \(days.withLock { $0.count }) of \(count) pages got their day") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func close() {
        for reader in readers.withLock({ $0 }) { reader.cancel() }
    }
}
