import AsyncHTTPClient
import Foundation
import GRDB
import KioskCore
import KioskHub
import KioskHubServer
import KioskJournal
import KioskLog
import KioskSync
import KioskTesting
import Logging
import Testing

/// A kiosk journal with recorded reads, a real hub with a token for the kiosk, and a fault proxy between them.
struct SyncFixture {
    /// The kiosk's connect and request timeouts when a test does not test them: a bound for a broken run, never
    /// reached by a working one however loaded the machine. The whole suite runs at once on two cores, a hundred
    /// PostgreSQL databases being created beside it, so a test's wall time is about the suite's (a minute): a push
    /// through the proxy once took longer than the 60 seconds this bound was.
    static let patientTimeoutSeconds = 300

    /// Removed with everything in it when the last copy of the fixture goes away.
    private let scratch: ScratchDirectory
    var directory: String { scratch.path }
    let journal: Journal
    let hub: HubStore
    let token: String
    /// The ids of the kiosk's events, in recording order.
    let eventIDs: [String]

    init(events count: Int, kiosk: String = "gate-1") async throws {
        scratch = try ScratchDirectory("sync")
        journal = try Journal.open(path: scratch.path + "/kiosk/journal.sqlite", kioskID: kiosk)
        hub = try await TestDatabase.hubStore(directory: scratch.path + "/hub")
        token = try await hub.createToken(kioskID: kiosk)
        let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
        var ids: [String] = []
        for index in 0..<count {
            let uid = try TagUID(parsing: String(format: "04%06X", index))
            let read = TagRead(
                uid: uid,
                reader: "entrance",
                readerDirection: .toggle,
                occurredAt: Date(timeIntervalSince1970: 1_763_700_000 + Double(index))
            )
            ids.append(try await journal.record(read, rules: rules).eventID.rawValue)
        }
        eventIDs = ids
    }

    /// Runs the hub and a proxy with `script` in front of it, and gives `body` an engine that pushes through the proxy.
    func run<Value: Sendable>(
        _ script: FaultScript,
        batchSize: Int = 7,
        token: String? = nil,
        backoff: SyncBackoff? = nil,
        idlePoll: Duration = .seconds(30),
        timeoutSeconds: Int = patientTimeoutSeconds,
        logKey: NoteSigner? = nil,
        kioskClock: WallClock = .system,
        _ body: @Sendable (SyncEngine) async throws -> Value
    ) async throws -> Value {
        let hub = self.hub
        let journal = self.journal
        let token = token ?? self.token
        var logger = Logger(label: "sync-test")
        logger.logLevel = .critical
        let quiet = logger
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let makeHub = { (report: @escaping @Sendable (Int) async -> Void) in
                HubServer.application(store: hub, configuration: HubConfiguration(port: 0), logger: quiet, onServerRunning: report)
            }
            let value = try await withRunning(makeHub) { hubPort in
                let makeProxy = { (report: @escaping @Sendable (Int) async -> Void) in
                    FaultProxy.application(hubPort: hubPort, script: script, http: http, onServerRunning: report)
                }
                return try await withRunning(makeProxy) { proxyPort in
                    let configuration = SyncConfiguration(
                        hubURL: URL(string: "http://127.0.0.1:\(proxyPort)")!,
                        tokenFile: "",
                        batchSize: batchSize,
                        connectTimeoutSeconds: timeoutSeconds,
                        requestTimeoutSeconds: timeoutSeconds
                    )
                    let engine = SyncEngine(
                        journal: journal,
                        client: try HubClient(configuration: configuration, token: token, clock: kioskClock),
                        configuration: configuration,
                        backoff: backoff,
                        idlePoll: idlePoll,
                        clock: kioskClock,
                        logKey: logKey,
                        logger: quiet
                    )
                    let value = try await body(engine)
                    await engine.shutdown()
                    return value
                }
            }
            try await http.shutdown()
            return value
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Passes until nothing is pending (no waiting between them: the proxy's faults are one-shot), and the
    /// outcomes of the passes that stopped early.
    static func drain(_ engine: SyncEngine, passes: Int = 20) async throws -> [SyncPassOutcome] {
        var stops: [SyncPassOutcome] = []
        for _ in 0..<passes {
            let report = try await engine.pushPending()
            if case .drained = report.outcome { return stops }
            stops.append(report.outcome)
            if case .tokenRejected = report.outcome { return stops }
        }
        Issue.record("still pending after \(passes) passes")
        return stops
    }

    /// The invariant of every scenario: the hub holds exactly the kiosk's event ids but the quarantined ones,
    /// each once, and nothing is pending.
    func expectHubHoldsEverything(except quarantined: Set<String> = []) async throws {
        let stored = try await hub.eventIDs()
        #expect(stored.count == Set(stored).count)
        #expect(Set(stored) == Set(eventIDs).subtracting(quarantined))
        let counts = try await journal.syncCounts()
        #expect(counts.pending == 0)
        #expect(counts.quarantined == quarantined.count)
    }

    /// Polls `condition` every 20 ms for up to `patientTimeoutSeconds` (a bound for a broken run); records an issue if
    /// it never holds.
    func waitUntil(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(Self.patientTimeoutSeconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the condition did not hold within \(Self.patientTimeoutSeconds) seconds")
    }

    /// Makes every event pending again, as a journal restored from a backup taken before it synced.
    func forgetSyncing() throws {
        let queue = try DatabaseQueue(path: directory + "/kiosk/journal.sqlite")
        try queue.write { try $0.execute(sql: "UPDATE event SET sync_state = 'pending', synced_at = NULL") }
    }
}
