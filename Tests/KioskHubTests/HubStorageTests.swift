import Foundation
import GRDB
import KioskCore
import KioskWire
import Testing

@testable import KioskHub

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
    #expect(try await store.tokens().map(\.kioskID) == ["gate-1"])
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
