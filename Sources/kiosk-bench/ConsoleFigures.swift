import AsyncHTTPClient
import Foundation
import Hummingbird
import KioskConsole
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubServer
import KioskHubStorage
import KioskTesting
import KioskWire
import Logging
import NIOCore
import NIOHTTP1

/// P10: the web console's Today page for a property of 500 students with a day of taps, fetched by a signed-in
/// browser's request on loopback, against the JSON report of the same day (`GET /v1/attendance`) from the same hub.
struct TodayPageFigure: BenchFigure {
    let name = "P10"
    let title = "Today page, 500 students"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let console = try await ConsoleBench(run.directory("p10"), students: 500, tapsPerStudent: 4)
        let requests = run.quick ? 20 : 100
        return try await console.serve { base, cookie, token, client in
            var page = Samples()
            var report = Samples()
            for _ in 0..<requests {
                page.append(try await ConsoleBench.timedGet(base + "/", headers: ["Cookie": cookie], expecting: "PG: Today", client: client))
                let bearer = ["Authorization": "Bearer \(token)"]
                report.append(try await ConsoleBench.timedGet(base + "/v1/attendance", headers: bearer, expecting: "\"total\"", client: client))
            }
            return FigureResult(
                values: [Measured(label: "page p50", value: page.p50, unit: "ms"), Measured(label: "page p99", value: page.p99, unit: "ms")],
                baseline: [Measured(label: "JSON report p50", value: report.p50, unit: "ms")],
                ratio: page.p50 / max(report.p50, 0.001),
                goal: "p99 ≤ 250 ms",
                met: page.p99 <= 250,
                note: "\(requests) requests each, 500 students, 2,000 taps that day"
            )
        }
    }
}

/// P11: a tap reaching the hub (a kiosk's push, `POST /v1/events`) until the open Today page's live stream carries
/// it, as a browser receives it, against the push's own round trip.
struct TapToBrowserFigure: BenchFigure {
    let name = "P11"
    let title = "tap to the open Today page"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let taps = run.quick ? 10 : 40
        let console = try await ConsoleBench(run.directory("p11"), students: taps, tapsPerStudent: 0)
        return try await console.serve { base, cookie, token, client in
            var request = HTTPClientRequest(url: base + "/live")
            request.headers.add(name: "Cookie", value: cookie)
            let response = try await client.execute(request, timeout: .seconds(3600))
            guard response.status == .ok else { throw BenchError("the live stream answered \(response.status.code)") }
            let (events, continuation) = AsyncStream.makeStream(of: (String, ContinuousClock.Instant).self)
            let reader = Task {
                var pending = ""
                for try await chunk in response.body {
                    pending += String(buffer: chunk)
                    while let end = pending.range(of: "\n\n") {
                        continuation.yield((String(pending[..<end.lowerBound]), .now))
                        pending = String(pending[end.upperBound...])
                    }
                }
                continuation.finish()
            }
            defer { reader.cancel() }
            var arrivals = events.makeAsyncIterator()
            var latency = Samples()
            var push = Samples()
            for student in 0..<taps {
                let event = NumberedRoster.tapEvent(kioskID: "gate-1", seq: Int64(student + 1), student: student, direction: .out, at: Date())
                let body = try JSONEncoder().encode(EventBatch(kioskId: "gate-1", events: [WireEvent(event)]))
                var post = HTTPClientRequest(url: base + "/v1/events")
                post.method = .POST
                post.headers.add(name: "Authorization", value: "Bearer \(token)")
                post.headers.add(name: "Content-Type", value: "application/json")
                post.body = .bytes(ByteBuffer(bytes: body))
                let start = ContinuousClock.now
                let answer = try await client.execute(post, timeout: .seconds(30))
                _ = try await answer.body.collect(upTo: 1 << 20)
                push.append((ContinuousClock.now - start).milliseconds)
                while true {
                    guard let (text, at) = await arrivals.next() else { throw BenchError("the live stream ended") }
                    if text.hasPrefix("event: today"), text.contains(">Student \(student)</a>") {
                        latency.append((at - start).milliseconds)
                        break
                    }
                }
            }
            return FigureResult(
                values: [Measured(label: "p50", value: latency.p50, unit: "ms"), Measured(label: "p99", value: latency.p99, unit: "ms")],
                baseline: [Measured(label: "push round trip p50", value: push.p50, unit: "ms")],
                ratio: latency.p50 / max(push.p50, 0.001),
                goal: "p99 ≤ 100 ms",
                met: latency.p99 <= 100,
                note: "\(taps) taps; a push's commit is announced to the page's stream, which computes the day again"
            )
        }
    }
}

/// A hub with a roster, a day of taps, a warden and a kiosk token, serving the API and the console on loopback.
struct ConsoleBench {
    let store: HubStore
    let directory: URL
    static let policy = AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
    static let password = "benchmark password"

    init(_ directory: URL, students: Int, tapsPerStudent: Int) async throws {
        self.directory = directory
        store = try HubStore.open(dataDirectory: directory.path, defaultProperty: HubProperty(id: "default", name: "PG", policy: Self.policy))
        _ = try await store.importRoster(
            try RosterCSV.parse(NumberedRoster.csv(students: students), file: "numbered roster"),
            file: "numbered roster",
            replace: true
        )
        let now = Date()
        let start = Self.policy.start(of: Self.policy.attendanceDay(containing: now))
        var events: [WireEvent] = []
        for tap in 0..<tapsPerStudent {
            for student in 0..<students {
                let at = start.addingTimeInterval(min(Double(tap * 600 + student), now.timeIntervalSince(start) - 1))
                let record = NumberedRoster.tapEvent(
                    kioskID: "gate-0",
                    seq: Int64(tap * students + student + 1),
                    student: student,
                    direction: tap % 2 == 0 ? .out : .in,
                    at: at
                )
                events.append(WireEvent(record))
            }
        }
        for first in stride(from: 0, to: events.count, by: 1000) {
            _ = try await store.store(Array(events[first..<min(events.count, first + 1000)]), property: "default")
        }
        _ = try await store.createUser(name: "warden", role: .warden(property: "default"), password: Self.password)
    }

    /// Runs `body` with the hub's base URL, a signed-in session cookie, a kiosk token and an HTTP client.
    func serve<Value: Sendable>(_ body: @Sendable (String, String, String, HTTPClient) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "bench-hub")
        logger.logLevel = .critical
        let store = self.store
        let configuration = HubConfiguration(port: 0, dataDirectory: directory.path)
        let token = try await store.createToken(kioskID: "gate-1")
        let make = { (report: @escaping @Sendable (Int) async -> Void) in
            HubServer.application(
                store: store,
                configuration: configuration,
                logger: logger,
                additionalRoutes: ConsoleRoutes(store: store).add(to:),
                onServerRunning: report
            )
        }
        return try await withRunning(make) { port in
            let base = "http://127.0.0.1:\(port)"
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
            do {
                let cookie = try await Self.signIn(base, username: "warden", client: client)
                let value = try await body(base, cookie, token, client)
                try await client.shutdown()
                return value
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    /// Signs `username` in to the console at `base` with the benchmarks' password; returns the session cookie.
    static func signIn(_ base: String, username: String, client: HTTPClient) async throws -> String {
        var login = HTTPClientRequest(url: base + "/login")
        login.method = .POST
        login.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        login.body = .bytes(ByteBuffer(string: "username=\(username)&password=benchmark+password"))
        let answer = try await client.execute(login, timeout: .seconds(30))
        guard let cookie = answer.headers.first(name: "Set-Cookie")?.split(separator: ";").first.map(String.init) else {
            throw BenchError("signing in to the console set no cookie (HTTP \(answer.status.code))")
        }
        return cookie
    }

    /// Milliseconds to GET `url` and read its whole body, which must contain `expected`.
    static func timedGet(_ url: String, headers: [String: String], expecting expected: String, client: HTTPClient) async throws -> Double {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = String(buffer: try await response.body.collect(upTo: 16 << 20))
        let elapsed = (ContinuousClock.now - start).milliseconds
        guard response.status == .ok, body.contains(expected) else {
            throw BenchError("\(url) answered \(response.status.code) without '\(expected)'")
        }
        return elapsed
    }
}
