import Foundation
import KioskCore
import KioskTesting
import PostgresNIO
import Testing

@testable import KioskHub
@testable import KioskHubPostgres
@testable import KioskHubStorage

/// What only the PostgreSQL backend has to prove: migrations applied once however many hubs start together, a
/// database that is not the hub's, or is newer, refused, and a server shutting down taken as out of reach. Needs
/// `KIOSK_TEST_POSTGRES_SERVER` (scripts/test.sh).
@Suite struct PostgresSchemaTests {
    @Test func hubsStartingTogetherMigrateOnce() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let hubs = try await (0..<4).asyncMap { _ in try await TestDatabase.postgresStorage(url: url) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for hub in hubs { group.addTask { try await hub.migrate() } }
            try await group.waitForAll()
        }
        var applied: [String] = []
        for try await identifier in try await hubs[0].client.query("SELECT identifier FROM kiosk_hub_schema").decode(String.self) {
            applied.append(identifier)
        }
        #expect(applied == PostgresHubSchema.migrations.map(\.identifier))
        #expect(try await HubStore(storage: hubs[1]).createToken(kioskID: "gate-1").hasPrefix("kh_"))
    }

    @Test func aDatabaseThatIsNotTheHubsIsRefusedAndLeftAlone() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let storage = try await TestDatabase.postgresStorage(url: url)
        _ = try await storage.client.query("CREATE TABLE invoices (id INTEGER)")
        let error = await #expect(throws: KioskError.self) { try await storage.migrate() }
        #expect(error?.category == .ioError)
        #expect(error?.message.contains("not the hub's") == true)
        #expect(error?.message.contains(server.password ?? "no password") == false)
        let tables = try await storage.client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").decode(String.self)
        var names: [String] = []
        for try await name in tables { names.append(name) }
        #expect(names == ["invoices"])
    }

    @Test func aDatabaseFromBeforePropertiesKeepsEverythingAsTheDefaultProperty() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        _ = try await storage.client.query("CREATE TABLE kiosk_hub_schema (identifier TEXT PRIMARY KEY NOT NULL)")
        _ = try await storage.client.query("INSERT INTO kiosk_hub_schema (identifier) VALUES ('v1')")
        for statement in PostgresHubSchema.migrations[0].statements + BeforeProperties.rows.split(separator: ";\n").map(String.init) {
            _ = try await storage.client.query(PostgresQuery(unsafeSQL: statement))
        }
        try await storage.migrate()
        try await BeforeProperties.expectKept(in: HubStore(storage: storage))
    }

    /// On a database whose locale sorts "a1" before "B1" (ICU's en-US), the hub's text still sorts byte by byte, as
    /// the SQLite hub's does.
    @Test func textComparesByteByByteWhateverTheDatabasesLocale() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server, options: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        let storage = try await TestDatabase.postgresStorage(url: url)
        try await storage.migrate()
        _ = try await storage.client.query("INSERT INTO student (property_id, id, name, room, status) VALUES ('default', 'a1', 'A', '1', 'active')")
        _ = try await storage.client.query("INSERT INTO student (property_id, id, name, room, status) VALUES ('default', 'B1', 'B', '1', 'active')")
        var ids: [String] = []
        for try await id in try await storage.client.query("SELECT id FROM student ORDER BY id").decode(String.self) { ids.append(id) }
        #expect(ids == ["B1", "a1"])
        let localeOrder = try await storage.client.query("SELECT 'a1' < 'B1'").decode(Bool.self)
        for try await aFirst in localeOrder { #expect(aFirst, "the database's own locale puts a1 first") }
    }

    @Test func aDatabaseFromANewerHubIsRefused() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        try await storage.migrate()
        _ = try await storage.client.query("INSERT INTO kiosk_hub_schema (identifier) VALUES ('v99')")
        let error = await #expect(throws: KioskError.self) { try await storage.migrate() }
        #expect(error?.message.contains("newer version of kiosk-hub") == true)
    }

    /// A server shutting down ends its sessions with 57P01 ("terminating connection due to administrator command"):
    /// the database is going away, which a kiosk is told as 503 and tries again, not as a failed write.
    @Test func aStatementEndedByTheServerShuttingDownIsUnavailable() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let storage = try await TestDatabase.postgresStorage(url: url)
        let sleeping = Task { () async throws(KioskError) in
            try await storage.failing("read failed") { try await storage.query("SELECT pg_sleep(60)").count }
        }
        let admin = try await TestDatabase.postgresStorage(url: url)
        var terminated = 0
        while terminated == 0 {
            let rows = try await admin.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%'"
            )
            terminated = rows.count
        }
        let error = await #expect(throws: KioskError.self) { _ = try await sleeping.value }
        #expect(error?.domain == .unavailable)
        #expect(error?.message.contains("57P01") == true)
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Two hub processes on one database insert events at once; a kiosk paging `GET /v1/events?after=` still never skips
/// the event of a transaction that commits after another's with a higher cursor. The interleaving is forced: hub A's
/// transaction is held open by hand, doing what the hub's insert does.
@Suite struct PostgresPullCursorTests {
    @Test func anEventCommittedLaterWithALowerCursorIsNeverSkipped() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let hubA = try await TestDatabase.postgresStorage(url: url)
        let hubB = try await TestDatabase.postgresStorage(url: url)
        try await hubA.migrate()
        let (slow, fast) = (Self.record(kiosk: "gate-1"), Self.record(kiosk: "gate-2"))
        let (waiting, slowCursor) = try await hubA.client.withConnection { connection in
            // Hub A, mid-batch: its event inserted (the lower cursor), not yet committed.
            _ = try await connection.query("BEGIN", logger: hubA.logger)
            _ = try await connection.query(PostgresQuery(unsafeSQL: PostgresEventFeed.takeInserterLock), logger: hubA.logger)
            let held = StoredEvent(cursor: 0, property: "default", receivedAt: Date(), record: slow)
            _ = try await connection.query(PostgresHubStorage.insertion([held], keepingCursors: false, skippingConflicts: false), logger: hubA.logger)
            var slowCursor: Int64 = 0
            for try await cursor in try await connection.query("SELECT cursor FROM event", logger: hubA.logger).decode(Int64.self) {
                slowCursor = cursor
            }
            // Hub B pushes meanwhile, and does not wait for A: its event commits first, with the higher cursor.
            #expect(try await hubB.insert([fast], property: "default", receivedAt: Date()) == [.stored])
            let waiting = try await hubB.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9")
            #expect(waiting.records.isEmpty, "B's event is held back while A's older transaction is open")
            #expect(waiting.next < slowCursor)
            _ = try await connection.query("COMMIT", logger: hubA.logger)
            return (waiting, slowCursor)
        }
        let page = try await hubB.records(after: waiting.next, limit: 10, property: "default", excludingKiosk: "gate-9")
        #expect(page.records.map(\.id) == [slow.id, fast.id])
        #expect(page.next > slowCursor)
    }

    /// Only inserts of events hold the feed back: a transaction left open after writing something else, in this
    /// database or another on the server, does not.
    @Test func anOpenTransactionThatInsertsNoEventHoldsNothingBack() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        try await storage.migrate()
        let other = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        try await other.migrate()
        let event = Self.record(kiosk: "gate-1")
        try await storage.client.withConnection { here in
            try await other.client.withConnection { there in
                for connection in [here, there] {
                    _ = try await connection.query("BEGIN", logger: storage.logger)
                    _ = try await connection.query("INSERT INTO kiosk_contact VALUES ('gate-7', 'default', 0)", logger: storage.logger)
                }
                #expect(try await storage.insert([event], property: "default", receivedAt: Date()) == [.stored])
                let page = try await storage.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9")
                #expect(page.records.map(\.id) == [event.id])
                for connection in [here, there] { _ = try await connection.query("ROLLBACK", logger: storage.logger) }
            }
        }
    }

    /// A database from before the feed was ordered by transaction: the cursors kiosks hold stay valid, however high
    /// the old sequence went, and new events come after every old one.
    @Test func cursorsFromBeforeTheTransactionOrderedFeedStayValid() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        _ = try await storage.client.query("CREATE TABLE kiosk_hub_schema (identifier TEXT PRIMARY KEY NOT NULL)")
        for migration in PostgresHubSchema.migrations.prefix(while: { $0.identifier != "v9" }) {
            for statement in migration.statements { _ = try await storage.client.query(PostgresQuery(unsafeSQL: statement)) }
            _ = try await storage.client.query("INSERT INTO kiosk_hub_schema (identifier) VALUES (\(migration.identifier))")
        }
        _ = try await storage.client.query("SELECT setval('event_cursor_seq', 5000000000000)")
        let old = Self.record(kiosk: "gate-1")
        _ = try await storage.client.query(
            """
            INSERT INTO event (id, kiosk_id, seq, reader, kind, outcome, occurred_at, recorded_at, monotonic_ns, boot_id, clock_synced,
                received_at)
            VALUES (\(old.id.rawValue), 'gate-1', 1, 'entrance', 'tap', 'accepted', 0, 0, 1, 'b', TRUE, 0)
            """
        )
        try await storage.migrate()
        let held = try await storage.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9")
        #expect(held.records.map(\.id) == [old.id] && held.next == 5_000_000_000_001)
        let new = Self.record(kiosk: "gate-2")
        #expect(try await storage.insert([new], property: "default", receivedAt: Date()) == [.stored])
        #expect(try await storage.records(after: held.next, limit: 10, property: "default", excludingKiosk: "gate-9").records.map(\.id) == [new.id])
        #expect(try await storage.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9").records.map(\.id) == [old.id, new.id])
    }

    private static func record(kiosk: String) -> EventRecord {
        EventRecord(
            id: EventID.make(at: Date()),
            kioskID: kiosk,
            seq: 1,
            reader: "entrance",
            uid: try? TagUID(parsing: "04A1B2C3"),
            studentID: "S001",
            kind: .tap,
            direction: .in,
            outcome: .accepted,
            reason: nil,
            occurredAt: Date(),
            recordedAt: Date(),
            monotonicNanoseconds: 1,
            bootID: "b",
            clockSynchronised: true
        )
    }
}
