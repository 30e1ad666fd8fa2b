import Foundation
import KioskCore
import KioskStore
import KioskTesting
import ServiceLifecycle
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// The SQLite hub's checkpoints follow every write, not only the kiosks' pushes: a roster import alone is copied from
/// the log into `hub.sqlite` by the storage's background service.
@Test func aHubWriteOtherThanAPushIsCheckpointed() async throws {
    let scratch = try ScratchDirectory("hub-checkpoint-any")
    let store = try HubStore.open(dataDirectory: scratch.path)
    let storage = try #require(store.storage as? SQLiteHubStorage)
    // Moves the writer's own checkpoint out first, so only the service can copy the import into the file.
    _ = try await StoreCheckpoints.open(for: storage.database)
    let path = scratch.path + "/hub.sqlite"
    let sizeBefore = try fileSize(path)
    let rows = try RosterCSV.parse(NumberedRoster.csv(students: 2_000), file: "roster.csv")
    _ = try await store.importRoster(rows, file: "roster.csv", replace: true)
    #expect(try fileSize(path) == sizeBefore)

    let running = Task {
        try await withThrowingDiscardingTaskGroup { group in
            for service in storage.backgroundServices { group.addTask { try await service.run() } }
        }
    }
    defer { running.cancel() }
    // Awaits the checkpoint: the database file grows once the log is copied into it.
    for _ in 0..<3_000 where try fileSize(path) == sizeBefore {
        try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try fileSize(path) > sizeBefore)
}

private func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}
