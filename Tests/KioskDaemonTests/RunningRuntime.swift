import Foundation
import KioskCore
import KioskDaemon
import KioskHub
import KioskJournal
import KioskReaders
import KioskSync
import KioskTesting
import Logging
import ServiceLifecycle
import Synchronization
import Testing

/// The real kiosk runtime assembled in the test process: a real journal, a scripted reader the test presents
/// cards to, any more readers the test configures, and (optionally) sync to a real hub on loopback.
struct RunningRuntime {
    let directory: URL
    let journal: Journal
    let tokenFile: String
    private let cards: AsyncStream<TagUID>.Continuation
    private let handled: Handled

    static let roster = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Ravi Kumar,102,11223344\n"

    /// Runs the runtime (syncing to the hub on `hubPort` when given) while `body` runs, then shuts it down
    /// gracefully and checks that only that ended it.
    static func run(
        hubPort: Int? = nil,
        token: String? = nil,
        readers more: [ReaderConfiguration] = [],
        reportsBlocked: Bool = false,
        display: KioskRuntime.Display = .logLines,
        _ body: (RunningRuntime) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokenFile = directory.appendingPathComponent("token").path
        if let token { try Self.write(token: token, to: tokenFile) }
        if reportsBlocked {
            // Day close cannot write its reports: `reports` is a file, not a directory.
            try "".write(to: directory.appendingPathComponent("reports"), atomically: true, encoding: .utf8)
        }
        let sync = hubPort.map { port in
            SyncConfiguration(
                hubURL: URL(string: "http://127.0.0.1:\(port)")!,
                tokenFile: tokenFile,
                connectTimeoutSeconds: 1,
                requestTimeoutSeconds: 2
            )
        }
        let scripted = ReaderConfiguration(name: "entrance", driver: .keyboard)
        let configuration = KioskConfiguration(
            kioskID: "gate-1",
            dataDirectory: directory.path,
            attendance: AttendancePolicy(timeZone: TestInstant.zone),
            readers: [scripted] + more,
            sync: sync,
            reports: ReportSettings(formats: [.json])
        )
        let journal = try Journal.open(path: configuration.journalPath, kioskID: "gate-1")
        _ = try await journal.importRoster(try RosterCSV.parse(Self.roster, file: "roster.csv"), file: "roster.csv", replace: false)
        var logger = Logger(label: "runtime-test")
        logger.logLevel = .critical
        let states = ReaderStates()
        let handled = Handled()
        let (stream, cards) = AsyncStream.makeStream(of: TagUID.self)
        let readers: [any TagReader] =
            [ScriptedReader(configuration: scripted, cards: stream, states: states, handled: { handled.add($0) })]
            + (try ReaderCatalog.readers(for: more, logger: logger, states: states))
        let engine = try sync.map { sync in
            SyncEngine(
                journal: journal,
                client: try HubClient(configuration: sync, token: (try? TokenFile.read(tokenFile).token) ?? ""),
                configuration: sync,
                backoff: SyncBackoff(base: .milliseconds(50), cap: .milliseconds(200)),
                idlePoll: .seconds(1),
                tokenRecheck: .milliseconds(100),
                clock: SimulatedClock.shared.wallClock,
                logger: logger
            )
        }
        let runtime = KioskRuntime(
            configuration: configuration,
            journal: journal,
            readers: readers,
            readerStates: states,
            sync: engine,
            display: display,
            clock: SimulatedClock.shared.wallClock,
            heartbeatInterval: .milliseconds(200),
            logger: logger
        )
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: runtime.services(), logger: logger))
        let ended = Mutex(false)
        let running = Task {
            defer { ended.withLock { $0 = true } }
            try await group.run()
        }
        let harness = RunningRuntime(directory: directory, journal: journal, tokenFile: tokenFile, cards: cards, handled: handled)
        do {
            try await body(harness)
            #expect(ended.withLock { $0 } == false, "the runtime ended before its graceful shutdown")
        } catch {
            await group.triggerGracefulShutdown()
            try? await running.value
            throw error
        }
        await group.triggerGracefulShutdown()
        try await running.value
    }

    /// Presents `uid` on the scripted reader and waits until it was recorded (or refused) and answered.
    func tap(_ uid: String) async throws {
        let card = try TagUID(parsing: uid)
        let before = handled.count(of: card)
        cards.yield(card)
        try await Self.waitUntil("card \(uid) handled") { handled.count(of: card) > before }
    }

    /// The number of events this kiosk recorded.
    func recorded() async throws -> Int {
        try await journal.recentTaps(limit: 1_000).count
    }

    /// Writes `token` to `path` the way an installer should: a new file (mode 0600) renamed over the old one.
    static func write(token: String, to path: String) throws {
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw KioskError(.ioError, "cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else { throw KioskError(.ioError, "cannot rename \(temporary) to \(path)") }
    }

    /// Waits until `condition` holds, checking every 20 ms for at most 120 s: a bound for a hung run, not a timing
    /// (the whole suite in one process on two cores can hold a runtime's tasks back for tens of seconds).
    static func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw KioskError(.unavailable, "gave up waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How many times each card was handled.
    private final class Handled: Sendable {
        private let counts = Mutex<[TagUID: Int]>([:])
        func add(_ uid: TagUID) { counts.withLock { $0[uid, default: 0] += 1 } }
        func count(of uid: TagUID) -> Int { counts.withLock { $0[uid] ?? 0 } }
    }
}
