import Foundation
import GRDB
import KioskCore
import KioskStore
import KioskTesting
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// Two events of one kiosk cannot share a `seq`: the second, with another id, is rejected naming the field.
@Test func aSecondEventWithTheSameKioskAndSeqIsRejected() async throws {
    let hub = try await HubFixture()
    let first = HubFixture.event(kiosk: "gate-1", seq: 7)
    let second = HubFixture.event(kiosk: "gate-1", seq: 7)
    let results = try await hub.store.store([first, second, first])
    #expect(results.map(\.status) == [.accepted, .rejected, .duplicate])
    #expect(results[1].reason?.contains("field 'seq'") == true)
    #expect(try await hub.store.eventIDs() == [first.id])
}

/// A seq an earlier batch stored stays that event's: a later batch's event with another id at it is rejected, its
/// neighbours stored (one of them far from the rest), and a replay of the stored one is a duplicate.
@Test func aSeqStoredByAnEarlierBatchIsRejectedForAnotherId() async throws {
    let hub = try await HubFixture()
    let stored = HubFixture.event(kiosk: "gate-1", seq: 7)
    let storedFar = HubFixture.event(kiosk: "gate-1", seq: 900_000)
    #expect(try await hub.store.store([stored, storedFar]).map(\.status) == [.accepted, .accepted])
    let before = HubFixture.event(kiosk: "gate-1", seq: 6)
    let taken = HubFixture.event(kiosk: "gate-1", seq: 7)
    let after = HubFixture.event(kiosk: "gate-1", seq: 8)
    let far = HubFixture.event(kiosk: "gate-1", seq: 1_000_000)
    let takenFar = HubFixture.event(kiosk: "gate-1", seq: 900_000)
    let results = try await hub.store.store([before, taken, after, far, takenFar, stored])
    #expect(results.map(\.status) == [.accepted, .rejected, .accepted, .accepted, .rejected, .duplicate])
    #expect(results[1].reason?.contains("field 'seq'") == true)
    #expect(results[4].reason?.contains("field 'seq'") == true)
    #expect(try await hub.store.eventIDs() == [stored.id, storedFar.id, before.id, after.id, far.id].sorted())
}

/// Every value of an event comes back as it was stored, on either backend: texts empty or not ASCII, absent values
/// absent (not empty), integers at their extremes.
@Test func anEventsValuesComeBackAsStored() async throws {
    let hub = try await HubFixture()
    let bare = EventRecord(
        id: EventID.make(at: Date()),
        kioskID: "gate-1",
        seq: 1,
        reader: "",
        uid: nil,
        studentID: nil,
        kind: .tap,
        direction: nil,
        outcome: .unknown,
        reason: nil,
        occurredAt: Date(storeMillis: 0),
        recordedAt: Date(storeMillis: -1),
        monotonicNanoseconds: 0,
        bootID: "",
        clockSynchronised: false
    )
    let full = EventRecord(
        id: EventID.make(at: Date()),
        kioskID: "gate-1",
        seq: Int64.max,
        reader: "प्रवेश द्वार",
        uid: try TagUID(parsing: "04:A1:B2:C3:D4:E5:F6"),
        studentID: "S001 ✓",
        kind: .manual,
        direction: .out,
        outcome: .accepted,
        reason: "घर गई, \"late\"\n",
        occurredAt: Date(storeMillis: 1_763_800_000_123),
        recordedAt: Date(storeMillis: 1_763_800_000_456),
        monotonicNanoseconds: Int64.min,
        bootID: "boot-ü",
        clockSynchronised: true
    )
    #expect(try await hub.store.storage.insert([bare, full], property: "default", receivedAt: Date()) == [.stored, .stored])
    let page = try await hub.store.storage.records(after: 0, limit: 10, property: "default", excludingKiosk: "gate-9")
    #expect(page.records == [bare, full])
}

/// The SQLite hub's one writer keeps 64 MB of pages (its inserts land all over the event indexes) and its savepoints'
/// copies of the pages they change in memory, not in a temporary file per batch; its readers keep SQLite's defaults.
@Test func theSQLiteHubsWriterKeepsALargePageCacheAndItsSavepointsInMemoryAndItsReadersSQLitesDefaults() async throws {
    let hub = try await HubFixture()
    guard let sqlite = hub.store.storage as? SQLiteHubStorage else { return }
    let pragmas = "SELECT cache_size FROM pragma_cache_size UNION ALL SELECT temp_store FROM pragma_temp_store"
    let writer = try await sqlite.database.writer.write { try Int.fetchAll($0, sql: pragmas) }
    let reader = try await sqlite.database.writer.read { try Int.fetchAll($0, sql: pragmas) }
    #expect(writer == [-65_536, 2])
    #expect(reader == [-2_000, 0])
}

/// A hub database made before it was marked as one (migration v1 only) is still the hub's: it opens, is marked
/// and migrated, and keeps its events.
@Test func aHubDatabaseFromBeforeItWasMarkedOpensAndKeepsItsEvents() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "hub-v1-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: directory + "/hub.sqlite")
    try SQLiteHubSchema.migrator.migrate(queue, upTo: "v1")
    try await queue.write { db in
        try db.execute(sql: "INSERT INTO token (hash, kiosk_id, created_at) VALUES ('abc', 'gate-1', 0)")
    }
    try queue.close()
    let store = try HubStore.open(dataDirectory: directory)
    #expect(try await store.tokens().map(\.holder) == [.kiosk(id: "gate-1", property: "default")])
    let marked = try await DatabaseQueue(path: directory + "/hub.sqlite").read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
    #expect(marked == SQLiteHubSchema.applicationID)
}

/// The hub never writes its schema into another program's database, a kiosk journal included.
@Test func theHubRefusesAnotherProgramsDatabase() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "hub-other-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/hub.sqlite"
    try DatabaseQueue(path: path).write { db in
        try db.execute(sql: "PRAGMA application_id = 1263095635")
        try db.execute(sql: "CREATE TABLE event (id TEXT)")
    }
    let before = FileManager.default.contents(atPath: path)
    #expect {
        try HubStore.open(dataDirectory: directory)
    } throws: { error in
        (error as? KioskError)?.category == .ioError && (error as? KioskError)?.message.contains("another program") == true
    }
    #expect(FileManager.default.contents(atPath: path) == before)
}

/// A SQLite hub whose alerts were stored before they had a kiosk column (migration v8) still says when a gate that
/// went offline is back: the migration takes each alert's kiosk from its JSON.
@Test func aGateOfflineBeforeTheAlertsKioskColumnIsBackWhenHeardFrom() async throws {
    let scratch = try ScratchDirectory("hub-v8")
    let queue = try DatabaseQueue(path: scratch.path + "/hub.sqlite")
    try SQLiteHubSchema.migrator.migrate(queue, upTo: "v8")
    let offline = Alert(id: "silence-1", event: .gateOffline, property: "default", at: "2026-11-21T12:10:00Z", kiosk: "gate-1")
    try await queue.write { db in
        try db.execute(
            sql: "INSERT INTO alert (id, property_id, event, body, created_at) VALUES (?, 'default', 'gate_offline', ?, 0)",
            arguments: [offline.id, String(decoding: offline.json, as: UTF8.self)]
        )
    }
    try queue.close()
    let opened = try HubStore.open(dataDirectory: scratch.path)
    let store = HubStore(storage: opened.storage, defaultProperty: HubProperty(id: "default", name: "PG", policy: AttendancePolicy(timeZone: .gmt)))
    let now = ISO8601DateFormatter().date(from: "2026-11-21T13:00:00Z")!
    try await store.noteContact(kioskID: "gate-1", property: "default", at: now)
    let back = try await store.decideAlerts(settings: AlertSettings(), now: now)
    #expect(back.map(\.event) == [.gateBack])
    #expect(back.first?.id == HubStore.alertID("gate_back", offline.id))
}

/// A SQLite hub from before properties (migration v2) keeps its roster, tokens and events: they become the `default`
/// property's.
@Test func aSQLiteHubFromBeforePropertiesKeepsEverythingAsTheDefaultProperty() async throws {
    let scratch = try ScratchDirectory("hub-v2")
    let queue = try DatabaseQueue(path: scratch.path + "/hub.sqlite")
    try SQLiteHubSchema.migrator.migrate(queue, upTo: "v2")
    try await queue.write { db in try db.execute(sql: BeforeProperties.rows) }
    try queue.close()
    try await BeforeProperties.expectKept(in: try HubStore.open(dataDirectory: scratch.path))
}

/// The rows a hub held before properties, and what must become of them.
enum BeforeProperties {
    static let rows = """
        INSERT INTO student (id, name, room, status) VALUES ('S001', 'Asha', '101', 'active');
        INSERT INTO tag (uid, student_id) VALUES ('04A1B2C3', 'S001');
        INSERT INTO token (hash, kiosk_id, created_at) VALUES ('abc', 'gate-1', 0);
        INSERT INTO event (id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason, occurred_at, recorded_at,
            monotonic_ns, boot_id, clock_synced, received_at)
        VALUES ('e1', 'gate-1', 1, 'entrance', '04A1B2C3', 'S001', 'tap', 'in', 'accepted', NULL, 0, 0, 1, 'b', TRUE, 0);
        """

    static func expectKept(in store: HubStore) async throws {
        #expect(try await store.roster().roster.students.map(\.studentId) == ["S001"])
        #expect(try await store.tokens().map(\.holder) == [.kiosk(id: "gate-1", property: "default")])
        #expect(try await store.events(after: 0, limit: 10, excludingKiosk: "gate-2").events.map(\.id) == ["e1"])
        #expect(try await store.storage.property(ofKiosk: "gate-1") == "default")
    }
}
