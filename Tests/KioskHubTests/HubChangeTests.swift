import Foundation
import HTTPTypes
import HummingbirdTesting
import KioskCore
import KioskTesting
import KioskWire
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubPostgres
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// What a hub process hears of, on both backends: each committed change of a property's day or of sessions, from its
/// own work at once and from other processes sharing the database through the database.
@Suite struct HubChangeTests {
    @Test func eachChangeOfADayOrOfSessionsIsAnnouncedAfterItsCommit() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        let heard = HeardChanges()
        let hearing = heard.hear(store.storage.changes, runningBeside: [])
        defer { hearing.cancel() }
        _ = try await store.store(HubFixture.batch(kiosk: "gate-1", count: 2).events)
        let now = Date()
        let pass = try await store.createPass(
            try LeavePassRequest(studentID: "S002", from: now, until: now.addingTimeInterval(3600), reason: "home")
        )
        try await store.cancelPass(id: pass.id)
        _ = try await store.createUser(name: "warden", role: .warden(property: "default"), password: "a long password")
        try await store.disableUser(named: "warden")
        try await waitUntil("every change heard") { heard.changes.count >= 4 }
        #expect(heard.changes == [.day(property: "default"), .day(property: "default"), .day(property: "default"), .sessions])
    }

    @Test func anotherHubProcessOnPostgreSQLHearsItOnceThroughTheDatabase() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let (hubA, hubB) = (try await TestDatabase.postgresStorage(url: url), try await TestDatabase.postgresStorage(url: url))
        try await hubA.migrate()
        let heard = HeardChanges()
        let hearing = heard.hear(hubB.changes, runningBeside: hubB.backgroundServices)
        defer { hearing.cancel() }
        // The listener says when it starts listening: whatever came before, everything is looked at again.
        try await waitUntil("B listening") { heard.changes == [.everything] }
        _ = try await HubStore(storage: hubA).store(HubFixture.batch(kiosk: "gate-1", count: 1).events)
        try await waitUntil("B hearing A's push") { heard.changes.count == 2 }
        #expect(heard.changes.last == .day(property: "default"))
        // B's own announcement reaches its subscribers once: what B hears after it is A's.
        await hubB.announce(.day(property: "north"))
        await hubA.announce(.sessions)
        try await waitUntil("B hearing A's announcement") { heard.changes.contains(.sessions) }
        #expect(heard.changes.dropFirst(2) == [.day(property: "north"), .sessions])
    }

    @Test func aHubWithAPoolOfOneConnectionAnswersWhileItListens() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let url = try await TestDatabase.createDatabase(on: server)
        let client = PostgresHubStorage.client(url: url, password: nil, connections: 1, logger: Logger(label: "test"))
        let running = Task { await client.run() }
        defer { running.cancel() }
        let storage = PostgresHubStorage(client: client, url: url, logger: Logger(label: "test"))
        try await storage.migrate()
        let heard = HeardChanges()
        let hearing = heard.hear(storage.changes, runningBeside: storage.backgroundServices)
        defer { hearing.cancel() }
        try await waitUntil("listening") { heard.changes.contains(.everything) }
        // The listener holds a connection of its own: the pool's one connection still answers.
        let results = try await HubStore(storage: storage).store(HubFixture.batch(kiosk: "gate-1", count: 1).events)
        #expect(results.map(\.status) == [.accepted])
    }

    @Test func aGateHeardFromForTheFirstTimeIsAnnouncedOnce() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        let heard = HeardChanges()
        let hearing = heard.hear(hub.store.storage.changes, runningBeside: [])
        defer { hearing.cancel() }
        try await hub.serve { client in
            for _ in 0..<2 {
                let answer = try await client.send(.get, "/v1/roster", token: token)
                #expect(answer.status == .ok)
            }
        }
        try await waitUntil("the gate's announcement") { heard.changes.contains(.gates(property: "default")) }
        #expect(heard.changes == [.gates(property: "default")])
    }

    @Test func aSQLiteHubHearsWhatAnotherProcessCommits() async throws {
        let scratch = try ScratchDirectory("hub-changes")
        let serving = try SQLiteHubStorage.open(dataDirectory: scratch.path)
        // A `kiosk-hub` command beside `serve`: another connection to the same file.
        let command = HubStore(storage: try SQLiteHubStorage.open(dataDirectory: scratch.path))
        var watch = SQLiteOtherProcessCommits.Watch(database: serving.database)
        #expect(await watch.sawOtherCommits() == false)
        #expect(await watch.sawOtherCommits() == false)
        _ = try await command.store(HubFixture.batch(kiosk: "gate-1", count: 1).events)
        #expect(await watch.sawOtherCommits() == true)
        #expect(await watch.sawOtherCommits() == false)
        // Its own commits are announced by the process itself, not seen again.
        _ = try await HubStore(storage: serving).store(HubFixture.batch(kiosk: "gate-2", count: 1).events)
        #expect(await watch.sawOtherCommits() == false)
    }
}

/// The changes a hub process handed out while it was heard, in order.
final class HeardChanges: Sendable {
    private let heard = Mutex<[HubChange]>([])

    var changes: [HubChange] { heard.withLock { $0 } }

    /// Hears `changes` from now on, running `services` (a storage's background services) meanwhile, until the task is
    /// cancelled.
    func hear(_ changes: HubChanges, runningBeside services: [any Service]) -> Task<Void, Never> {
        let stream = changes.subscribe()
        return Task {
            await withTaskGroup(of: Void.self) { group in
                for service in services { group.addTask { try? await service.run() } }
                for await change in stream { self.heard.withLock { $0.append(change) } }
                group.cancelAll()
            }
        }
    }
}
