import Foundation
import KioskCore
import KioskTesting
import PostgresNIO
import Testing

@testable import KioskHub

/// What only the PostgreSQL backend has to prove: migrations applied once however many hubs start together, and a
/// database that is not the hub's, or is newer, refused. Needs `KIOSK_TEST_POSTGRES_SERVER` (scripts/test.sh).
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
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Two hub processes on one database: while one holds an event's transaction open, the other's insert waits
/// instead of committing a higher `cursor` first, so a kiosk paging `GET /v1/events?after=` never skips the slower
/// one's event. The interleaving is forced: hub A's transaction is held open by hand.
@Suite struct PostgresPullCursorTests {
    @Test func anEventCommittedLaterWithALowerCursorIsNeverSkipped() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let hubA = try await TestDatabase.postgresStorage(url: url)
        let hubB = try await TestDatabase.postgresStorage(url: url)
        try await hubA.migrate()
        let (slow, fast) = (Self.record(kiosk: "gate-1"), Self.record(kiosk: "gate-2"))
        try await hubA.client.withConnection { held in
            // Hub A, mid-batch: its event inserted (the lower cursor), not yet committed.
            _ = try await held.query("BEGIN", logger: hubA.logger)
            _ = try await held.query("SELECT pg_advisory_xact_lock(\(PostgresHubSchema.eventLock))", logger: hubA.logger)
            _ = try await held.query(
                """
                INSERT INTO event (id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason, occurred_at,
                    recorded_at, monotonic_ns, boot_id, clock_synced, received_at)
                VALUES (\(slow.id.rawValue), 'gate-1', 1, 'entrance', '04A1B2C3', 'S001', 'tap', 'in', 'accepted', NULL, 0, 0, 1, 'b', TRUE, 0)
                """,
                logger: hubA.logger
            )
            // Hub B pushes meanwhile: it must wait for A, not commit its higher cursor first.
            let pushB = Task { try await hubB.insert([fast], property: "default", receivedAt: Date()) }
            try await Self.waitUntilSomeoneWaitsForALock(hubA)
            #expect(try await hubB.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9").records.isEmpty)
            _ = try await held.query("COMMIT", logger: hubA.logger)
            #expect(try await pushB.value == [.stored])
        }
        let page = try await hubB.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9")
        #expect(page.records.map(\.id) == [slow.id, fast.id])
    }

    /// Waits (bounded at 20 s, for a hung run) until PostgreSQL shows a session waiting for an advisory lock.
    private static func waitUntilSomeoneWaitsForALock(_ storage: PostgresHubStorage) async throws {
        for _ in 0..<2000 {
            let waiting = try await storage.client.query("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
                .decode(Int64.self)
            for try await count in waiting where count > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("hub B never waited for hub A's lock")
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
