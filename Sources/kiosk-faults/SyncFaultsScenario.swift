import AsyncHTTPClient
import Foundation
import GRDB
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubServer
import KioskJournal
import KioskSync
import KioskTesting
import Logging

/// R2: a kiosk's backlog pushed by the real `SyncEngine` through the fault proxy of the sync tests to the real
/// hub on loopback, one fault every few pushes (5xx with and without Retry-After, 413, a connection cut
/// mid-answer, an answer lost after the hub committed, a slow answer). Every event must reach the hub once,
/// nothing may stay pending, and every retry delay must stay within the configured backoff.
struct SyncFaultsScenario: FaultScenario {
    let name = "R2"
    let title = "sync through injected network faults at scale"
    static let base = Duration.milliseconds(20)
    static let cap = Duration.seconds(2)
    static let batchSize = 500
    static let rotation: [Fault] = [
        .status(503, retryAfter: "1"), .status(500, retryAfter: nil), .resetMidBody, .loseResponse, .slow(.milliseconds(300)),
        .status(413, retryAfter: nil), .status(429, retryAfter: nil),
    ]

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        let count = run.quick ? 20_000 : 100_000
        let directory = try run.directory("r2")
        let journalPath = directory.appendingPathComponent("kiosk/journal.sqlite").path
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("kiosk").path, withIntermediateDirectories: true)
        try await Backlog.journal(at: journalPath, kioskID: KeyboardKiosk.kioskID, events: count)
        let journal = try Journal.open(path: journalPath, kioskID: KeyboardKiosk.kioskID)
        let hub = try HubStore.open(dataDirectory: directory.appendingPathComponent("hub").path)
        let token = try await hub.createToken(kioskID: KeyboardKiosk.kioskID)
        let pushes = count / Self.batchSize
        var faults: [Fault] = []
        for push in 0..<pushes {
            faults.append(push % 4 == 3 ? Self.rotation[(push / 4) % Self.rotation.count] : .pass)
        }
        let injected = faults.filter { if case .pass = $0 { false } else { true } }.count
        let withRetryAfter = faults.filter { if case .status(_, let retryAfter?) = $0 { retryAfter == "1" } else { false } }.count
        let script = FaultScript(faults)
        let delays = RetryDelays()
        let start = ContinuousClock.now
        try await Self.pushUntilDrained(journal: journal, hub: hub, token: token, script: script, logger: delays.logger)
        let seconds = (ContinuousClock.now - start).components.seconds
        let pending = try await journal.syncCounts()
        let journalIDs = try JournalInspection(path: journalPath).eventIDs
        let (rows, distinct, hubIDs) = try await Self.hubEvents(directory.appendingPathComponent("hub/hub.sqlite").path)
        let observed = delays.seconds
        let withinCap = observed.allSatisfy { $0 >= 0 && $0 <= Self.cap.seconds }
        let honoured = observed.filter { $0 >= 1 }.count
        return ScenarioResult(
            counts: [
                Count(label: "events", value: Double(count)), Count(label: "faults injected", value: Double(injected)),
                Count(label: "pushes", value: Double(await script.pushes)), Count(label: "retries", value: Double(observed.count)),
                Count(label: "seconds", value: Double(seconds)),
            ],
            invariants: [
                Invariant(
                    statement: "100 % delivered, nothing pending",
                    held: hubIDs == journalIDs && pending.pending == 0 && pending.quarantined == 0,
                    detail:
                        "hub holds \(hubIDs.intersection(journalIDs).count) of \(journalIDs.count); pending \(pending.pending), quarantined \(pending.quarantined)"
                ),
                Invariant(statement: "0 duplicates at the hub", held: rows == distinct, detail: "\(rows) rows, \(distinct) distinct ids"),
                Invariant(
                    statement: "every retry delay within [0, cap \(Self.cap.seconds) s], Retry-After honoured",
                    held: withinCap && honoured >= withRetryAfter,
                    detail:
                        "\(observed.count) delays, max \(String(format: "%.3f", observed.max() ?? 0)) s; \(honoured) ≥ 1 s for \(withRetryAfter) answers with Retry-After: 1"
                ),
            ]
        )
    }

    /// Runs the hub, the proxy in front of it and the sync engine until the journal has nothing pending.
    private static func pushUntilDrained(journal: Journal, hub: HubStore, token: String, script: FaultScript, logger: Logger) async throws {
        var quiet = Logger(label: "kiosk-faults.hub")
        quiet.logLevel = .critical
        let hubLogger = quiet
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let makeHub = { (report: @escaping @Sendable (Int) async -> Void) in
            HubServer.application(store: hub, configuration: HubConfiguration(port: 0), logger: hubLogger, onServerRunning: report)
        }
        do {
            try await withRunning(makeHub) { hubPort in
                let makeProxy = { (report: @escaping @Sendable (Int) async -> Void) in
                    FaultProxy.application(hubPort: hubPort, script: script, http: http, onServerRunning: report)
                }
                try await withRunning(makeProxy) { proxyPort in
                    try await drain(journal: journal, through: proxyPort, token: token, logger: logger)
                }
            }
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Runs the sync engine against the proxy until the journal has nothing pending.
    private static func drain(journal: Journal, through proxyPort: Int, token: String, logger: Logger) async throws {
        guard let url = URL(string: "http://127.0.0.1:\(proxyPort)") else { throw FaultError("bad proxy URL") }
        let configuration = SyncConfiguration(hubURL: url, tokenFile: "", batchSize: batchSize, connectTimeoutSeconds: 1, requestTimeoutSeconds: 2)
        let engine = SyncEngine(
            journal: journal,
            client: try HubClient(configuration: configuration, token: token),
            configuration: configuration,
            backoff: SyncBackoff(base: base, cap: cap),
            logger: logger
        )
        let running = Task { try await engine.run() }
        defer { running.cancel() }
        let deadline = ContinuousClock.now + .seconds(600)
        while try await journal.syncCounts().pending > 0 {
            guard ContinuousClock.now < deadline else { throw FaultError("events still pending after 600 s") }
            try await Task.sleep(for: .milliseconds(100))
        }
        running.cancel()
        _ = try? await running.value
    }

    /// The hub's event rows, distinct ids, and the ids themselves.
    private static func hubEvents(_ path: String) async throws -> (Int, Int, Set<String>) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try await queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event") ?? 0,
                try String.fetchSet(db, sql: "SELECT id FROM event")
            )
        }
    }
}
