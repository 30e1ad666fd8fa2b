import Foundation
import GRDB
import KioskCore
import KioskStore
import KioskTesting
import KioskWire
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubPostgres
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// Sixteen kiosks pushing at once, one of them the same batch twice: every event is stored once and each batch is
/// told what became of each of its events (on either backend).
@Test func batchesPushedAtOnceAreEachStoredOnce() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    let batches = (1...16).map { HubFixture.batch(kiosk: "gate-\($0)", count: 50) }
    let replayed = batches[0]
    let answers = try await withThrowingTaskGroup(of: (String, [EventDisposition]).self) { group in
        for batch in batches + [replayed] {
            group.addTask { (batch.kioskId, try await store.store(batch.events).map(\.status)) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 17)
    for (kiosk, statuses) in answers where kiosk != replayed.kioskId {
        #expect(statuses == Array(repeating: .accepted, count: 50))
    }
    let gate1 = answers.filter { $0.0 == replayed.kioskId }.map(\.1)
    #expect(Set(gate1) == [Array(repeating: .accepted, count: 50), Array(repeating: .duplicate, count: 50)])
    #expect(try await store.eventIDs() == batches.flatMap { $0.events.map(\.id) }.sorted())
}

/// Batches that wait while a transaction is written share the next one; a batch whose insert fails in it fails
/// alone, and the other batches of that transaction are stored.
@Test func batchesWaitingForTheWriterShareOneCommitAndFailAlone() async throws {
    let scratch = try ScratchDirectory("hub-group-fail")
    let store = try HubStore.open(dataDirectory: scratch.path)
    let storage = try #require(store.storage as? SQLiteHubStorage)
    let commits = CommitCounter()
    storage.database.writer.add(transactionObserver: commits)
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: scratch.path + "/hub.sqlite", configuration: configuration)
    try await other.write { db in
        try db.execute(
            sql: """
                CREATE TRIGGER refuse_gate_bad BEFORE INSERT ON event WHEN NEW.kiosk_id = 'gate-bad'
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """
        )
    }
    // Another connection holds the write lock, so the first batch's transaction waits and the others queue behind it.
    try await other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    let first = Task { try await store.store(HubFixture.batch(kiosk: "gate-a", count: 5).events) }
    try #require(try await waitUntil("the first batch writing", within: .seconds(60)) { await storage.eventWrites.writers > 0 })
    let bad = Task { try await store.store(HubFixture.batch(kiosk: "gate-bad", count: 5).events) }
    let good = Task { try await store.store(HubFixture.batch(kiosk: "gate-b", count: 5).events) }
    try #require(try await waitUntil("two batches waiting", within: .seconds(60)) { await storage.eventWrites.waitingBatches >= 2 })
    let before = commits.count
    try await other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }

    #expect(try await first.value.map(\.status) == Array(repeating: .accepted, count: 5))
    #expect(try await good.value.map(\.status) == Array(repeating: .accepted, count: 5))
    await #expect {
        try await bad.value
    } throws: { error in
        (error as? KioskError)?.category == .ioError && (error as? KioskError)?.message.contains("refused by the test") == true
    }
    // The first batch's events, then the two waiting batches' in one; and each stored batch extending its kiosk's tree.
    #expect(commits.count - before == 2 + 2)
    let kiosks = try await other.read { try String.fetchAll($0, sql: "SELECT DISTINCT kiosk_id FROM event ORDER BY kiosk_id") }
    #expect(kiosks == ["gate-a", "gate-b"])
}

/// On PostgreSQL the hub writes two transactions at once: two batches pushed while a lock another connection holds
/// keeps the first waiting are written in two transactions waiting side by side; batches that queue behind those two
/// share the next transaction (their rows carry one `xmin`); when the database refuses one batch of such a
/// transaction, that batch fails alone.
@Test func postgresWritesTwoTransactionsAtOnceAndBatchesQueuedBehindThemShareOneAndFailAlone() async throws {
    guard let server = try TestDatabase.requireServer() else { return }
    let url = try await TestDatabase.createDatabase(on: server)
    let storage = try await TestDatabase.postgresStorage(url: url)
    try await storage.migrate()
    let store = HubStore(storage: storage)
    _ = try await storage.client.query(
        """
        CREATE FUNCTION refuse_gate_bad() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.kiosk_id = 'gate-bad' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$
        """
    )
    _ = try await storage.client.query(
        "CREATE TRIGGER refuse_gate_bad BEFORE INSERT ON event FOR EACH ROW EXECUTE FUNCTION refuse_gate_bad()"
    )
    var logger = Logger(label: "other-hub")
    logger.logLevel = .critical
    let otherHub = try await PostgresConnection.connect(
        configuration: .init(host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable),
        id: 1,
        logger: logger
    )

    /// Pushes `firsts` one after the other while the other connection holds a lock their inserts need (the pull
    /// feed's origin), each as soon as the one before is being written, queues `queued` behind them, then lets the
    /// lock go.
    func pushBehindTheLock(_ firsts: [String], _ queued: [String]) async throws -> [String: Result<[EventDisposition], any Error>] {
        func push(_ kiosk: String) -> Task<[EventDisposition], any Error> {
            Task { try await store.store(HubFixture.batch(kiosk: kiosk, count: 5).events).map(\.status) }
        }
        _ = try await otherHub.query("BEGIN", logger: logger)
        _ = try await otherHub.query("LOCK TABLE event_feed IN ACCESS EXCLUSIVE MODE", logger: logger)
        var pushes: [(String, Task<[EventDisposition], any Error>)] = []
        for (index, kiosk) in firsts.enumerated() {
            pushes.append((kiosk, push(kiosk)))
            try #require(try await waitUntil("batch \(index + 1) writing", within: .seconds(60)) { await storage.eventWrites.writers > index })
        }
        pushes += queued.map { ($0, push($0)) }
        try #require(
            try await waitUntil("\(queued.count) batches waiting", within: .seconds(60)) { await storage.eventWrites.waitingBatches >= queued.count }
        )
        _ = try await otherHub.query("COMMIT", logger: logger)
        var outcomes: [String: Result<[EventDisposition], any Error>] = [:]
        for (kiosk, push) in pushes { outcomes[kiosk] = await push.result }
        return outcomes
    }
    let accepted = Array(repeating: EventDisposition.accepted, count: 5)

    let shared = try await pushBehindTheLock(["gate-a", "gate-a2"], ["gate-b", "gate-c"])
    #expect(try shared.values.map { try $0.get() } == Array(repeating: accepted, count: 4))
    var transactions: [String: Set<String>] = [:]
    for try await (kiosk, transaction) in try await storage.client.query("SELECT kiosk_id, xmin::text FROM event").decode((String, String).self) {
        transactions[kiosk, default: []].insert(transaction)
    }
    #expect(transactions["gate-b"] == transactions["gate-c"] && transactions["gate-b"]?.count == 1)
    #expect(Set([transactions["gate-a"], transactions["gate-a2"], transactions["gate-b"]]).count == 3)

    let refused = try await pushBehindTheLock(["gate-d", "gate-d2"], ["gate-bad", "gate-e"])
    #expect(try refused["gate-d"]?.get() == accepted)
    #expect(try refused["gate-d2"]?.get() == accepted)
    #expect(try refused["gate-e"]?.get() == accepted)
    guard case .failure(let error as KioskError)? = refused["gate-bad"] else {
        Issue.record("the refused batch was answered \(String(describing: refused["gate-bad"]))")
        return
    }
    #expect(error.category == .ioError && error.message.contains("refused by the test"))
    var kiosks: [String] = []
    for try await kiosk in try await storage.client.query("SELECT DISTINCT kiosk_id FROM event ORDER BY kiosk_id").decode(String.self) {
        kiosks.append(kiosk)
    }
    #expect(kiosks == ["gate-a", "gate-a2", "gate-b", "gate-c", "gate-d", "gate-d2", "gate-e"])
    try await otherHub.close()
}

/// Counts the commits of the connection it observes.
private final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Mutex(0)

    var count: Int { commits.withLock { $0 } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}
