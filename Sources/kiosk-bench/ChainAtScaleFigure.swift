import AsyncHTTPClient
import Foundation
import GRDB
import KioskCore
import KioskTesting
import KioskWire
import NIOCore
import NIOHTTP1

/// P16: a chain at scale on one `kiosk-hub serve` (SQLite): 1,000 properties × 200 students with a day of taps and a
/// gate each heartbeating every 30 s. Measured: the chain summary (`GET /v1/properties/summary`) and `GET /metrics`,
/// how long after every property's curfew + grace its `not_returned` was decided (the hub's own decision time, read
/// from its database), and the hub process's CPU with the heartbeats, against the same hub with none.
struct ChainAtScaleFigure: BenchFigure {
    let name = "P16"
    let title = "a chain at scale: 1,000 properties × 200 students, a gate each heartbeating"
    static let period = Duration.seconds(30)
    /// The start's own alert decisions end before the quiet window.
    static let settle = Duration.seconds(5)

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let chain = ChainAtScale(properties: run.quick ? 40 : 1000, students: 200, now: Date())
        let window = run.quick ? 10.0 : 30.0
        let directory = try run.directory("p16")
        let building = ContinuousClock.now
        let tokens = try await chain.build(in: directory)
        let built = (ContinuousClock.now - building).milliseconds / 1000
        // Every property's curfew at the first whole minute after the hub's start and the quiet window, grace 0.
        let due = Self.wholeMinute(after: Date().addingTimeInterval(window + 25))
        let config = try Self.configure(chain, curfewAt: due, in: directory)
        let hub = try await HubCommands(dataDirectory: directory.path, configFile: config.path).serve()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let result = try await Self.measure(
                chain,
                tokens: tokens,
                hub: hub,
                database: directory.appendingPathComponent("hub.sqlite").path,
                due: due,
                window: window,
                samples: run.quick ? 3 : 10,
                client: client
            )
            _ = try await hub.process.terminate()
            try await client.shutdown()
            return FigureResult(
                values: result.values,
                baseline: result.baseline,
                ratio: result.ratio,
                goal: "summary ≤ 2000 ms, /metrics ≤ 500 ms, not_returned ≤ 30 s after curfew + grace, CPU ≤ 5 % of a core",
                met: result.met,
                note: "\(chain.properties) properties × \(chain.students) students, \(chain.properties * chain.tapsPerProperty) taps that day, "
                    + "\(chain.properties) gates heartbeating every \(Self.period.components.seconds) s; hub built in "
                    + String(format: "%.1f s", built) + "; " + result.note
            )
        } catch {
            _ = try? await hub.process.terminate()
            try? await client.shutdown()
            throw error
        }
    }

    /// What the running hub showed.
    private struct Observed {
        let values: [Measured]
        let baseline: [Measured]
        let ratio: Double
        let met: Bool
        let note: String
    }

    private static func measure(
        _ chain: ChainAtScale,
        tokens: ChainAtScale.Tokens,
        hub: HubProcess,
        database: String,
        due: Date,
        window: Double,
        samples: Int,
        client: HTTPClient
    ) async throws -> Observed {
        try await Task.sleep(for: settle)
        let quiet = try await cpuPercent(of: hub, over: window / 2)
        let heartbeats = GateHeartbeats(hub.url, gates: tokens.gates, period: period, client: client)
        let beating = ContinuousClock.now
        let decided: Double
        do {
            decided = try await notReturnedDecided(database: database, properties: chain.properties, due: due)
            // A whole period of heartbeats, so that every gate is heard from in the window.
            try await Task.sleep(until: beating + period, clock: .continuous)
        } catch {
            await heartbeats.stop()
            throw error
        }
        let busy = try await cpuPercent(of: hub, over: window)
        var metrics = Samples()
        var summaries = Samples()
        do {
            for _ in 0..<samples {
                metrics.append(
                    try await timedGet(
                        hub.url + WirePaths.metrics,
                        token: tokens.metrics,
                        client: client,
                        expecting: "kiosk_hub_gate_up{",
                        count: chain.properties
                    )
                )
                summaries.append(
                    try await timedGet(
                        hub.url + WirePaths.propertiesSummary + "?date=\(chain.day)",
                        token: tokens.chainOperator,
                        client: client,
                        expecting: "\"total\":",
                        count: chain.properties
                    )
                )
            }
        } catch {
            await heartbeats.stop()
            throw error
        }
        await heartbeats.stop()
        let sent = heartbeats.sent
        guard sent.refused == 0, sent.kept >= chain.properties else {
            throw BenchError("the hub kept \(sent.kept) heartbeats and refused or lost \(sent.refused) (the first: \(sent.firstRefusal ?? "none"))")
        }
        let resolution = 100 / window / Double(sysconf(Int32(_SC_CLK_TCK)))
        return Observed(
            values: [
                Measured(label: "summary p50", value: summaries.p50, unit: "ms"), Measured(label: "/metrics p50", value: metrics.p50, unit: "ms"),
                Measured(label: "not_returned after curfew", value: decided, unit: "s"),
                Measured(label: "hub CPU, heartbeats", value: busy, unit: "% of a core"),
            ],
            baseline: [Measured(label: "hub CPU, no heartbeats", value: quiet, unit: "% of a core")],
            ratio: max(busy, resolution) / max(quiet, resolution),
            met: summaries.max <= 2000 && metrics.max <= 500 && decided <= 30 && busy <= 5,
            note: "summary max " + String(format: "%.0f", summaries.max) + " ms, /metrics max " + String(format: "%.0f", metrics.max)
                + " ms over \(samples) each; \(sent.kept) heartbeats kept; CPU of the hub process from /proc over "
                + String(format: "%.0f", window) + " s (resolution " + String(format: "%.2f", resolution) + " %)"
        )
    }

    /// The first whole minute at or after `instant`.
    static func wholeMinute(after instant: Date) -> Date {
        Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / 60).rounded(.up) * 60)
    }

    /// Sets every property's curfew to `due`'s time of day, and writes the hub's configuration: the same for `default`,
    /// no grace.
    private static func configure(_ chain: ChainAtScale, curfewAt due: Date, in directory: URL) throws -> URL {
        let curfew = chain.policy.timeOfDay(of: due)
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("hub.sqlite").path)
        try queue.write { db in try db.execute(sql: "UPDATE property SET curfew = ?", arguments: [curfew]) }
        try queue.close()
        let config = directory.appendingPathComponent("hub.toml")
        try """
        [hub]
        name = "PG 0"

        [attendance]
        timezone = "UTC"
        day_starts_at = "\(chain.policy.dayStartsAt)"
        curfew = "\(curfew)"

        [alerts]
        grace_minutes = 0
        """.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    /// The hub process's CPU over `seconds` of wall time, in % of a core.
    private static func cpuPercent(of hub: HubProcess, over seconds: Double) async throws -> Double {
        let process = ProcessStatistics(pid: hub.process.pid)
        let start = ContinuousClock.now
        guard let before = process.cpuSeconds else { throw BenchError("cannot read /proc/\(hub.process.pid)/stat") }
        try await Task.sleep(for: .seconds(seconds))
        guard let after = process.cpuSeconds else { throw BenchError("the hub ended during the window") }
        return (after - before) / ((ContinuousClock.now - start).milliseconds / 1000) * 100
    }

    /// Waits until every property has its `not_returned` (at most 60 s past `due`) and returns how long after `due`
    /// the last was decided, in seconds.
    private static func notReturnedDecided(database: String, properties: Int, due: Date) async throws -> Double {
        let queue = try DatabaseQueue(
            path: database,
            configuration: {
                var c = Configuration()
                c.readonly = true
                return c
            }()
        )
        defer { try? queue.close() }
        let deadline = due.addingTimeInterval(60)
        while true {
            let (count, latest, earliest) = try await queue.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MAX(created_at), MIN(created_at) FROM alert WHERE event = 'not_returned'")
                return (row?[0] as Int? ?? 0, row?[1] as Int64?, row?[2] as Int64?)
            }
            if count >= properties, let latest, let earliest {
                guard Double(earliest) / 1000 >= due.timeIntervalSince1970 - 1 else {
                    throw BenchError("a not_returned was decided before its curfew")
                }
                return Double(latest) / 1000 - due.timeIntervalSince1970
            }
            guard Date() < deadline else { throw BenchError("\(count) of \(properties) properties had their not_returned 60 s after curfew") }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// The time of one GET with `token`, in ms, after checking that the answer is 200 and holds `marker` `count` times.
    private static func timedGet(_ url: String, token: String, client: HTTPClient, expecting marker: String, count: Int) async throws -> Double {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = String(buffer: try await response.body.collect(upTo: 64 * 1024 * 1024))
        let elapsed = (ContinuousClock.now - start).milliseconds
        guard response.status == .ok else { throw BenchError("\(url) answered \(response.status.code)") }
        let found = body.components(separatedBy: marker).count - 1
        guard found == count else { throw BenchError("\(url) holds \(marker) \(found) times, not \(count)") }
        return elapsed
    }
}
