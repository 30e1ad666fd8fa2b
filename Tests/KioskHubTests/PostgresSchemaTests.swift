import Foundation
import KioskCore
import KioskTesting
import PostgresNIO
import Testing

@testable import KioskHub

/// What only the PostgreSQL backend has to prove: migrations applied once however many hubs start together, and a
/// database that is not the hub's, or is newer, refused. Needs `KIOSK_TEST_POSTGRES_SERVER` (scripts/test.sh).
@Suite struct PostgresSchemaTests {
    static var server: DatabaseURL? {
        ProcessInfo.processInfo.environment["KIOSK_TEST_POSTGRES_SERVER"].flatMap(DatabaseURL.init)
    }

    /// The server, or nil to skip; a missing server fails the test when the run requires its fixtures.
    static func requireServer() throws -> DatabaseURL? {
        if let server { return server }
        if ProcessInfo.processInfo.environment["KIOSK_REQUIRE_FIXTURES"] == "1" {
            throw KioskError(.unavailable, "KIOSK_TEST_POSTGRES_SERVER is not set, but the fixtures are required")
        }
        return nil
    }

    @Test func hubsStartingTogetherMigrateOnce() async throws {
        guard let server = try Self.requireServer() else { return }
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
        guard let server = try Self.requireServer() else { return }
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

    @Test func aDatabaseFromANewerHubIsRefused() async throws {
        guard let server = try Self.requireServer() else { return }
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
