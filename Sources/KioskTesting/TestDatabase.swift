import Foundation
public import KioskCore
public import KioskHub
import KioskHubDatabase
public import KioskHubPostgres
import Logging
import PostgresNIO

/// The hub database tests run against: SQLite in a fresh directory, or, when `KIOSK_TEST_DATABASE_URL` names a
/// PostgreSQL server (scripts/postgres-fixture.sh), a fresh database on it for each store.
public enum TestDatabase {
    /// The PostgreSQL server of this run, if any.
    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["KIOSK_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The PostgreSQL server the PostgreSQL-only tests use (`KIOSK_TEST_POSTGRES_SERVER`), or nil to skip them; a
    /// missing server fails the test when the run requires its fixtures (`KIOSK_REQUIRE_FIXTURES=1`).
    public static func requireServer() throws -> DatabaseURL? {
        if let server = ProcessInfo.processInfo.environment["KIOSK_TEST_POSTGRES_SERVER"].flatMap(DatabaseURL.init) { return server }
        if ProcessInfo.processInfo.environment["KIOSK_REQUIRE_FIXTURES"] == "1" {
            throw KioskError(.unavailable, "KIOSK_TEST_POSTGRES_SERVER is not set, but the fixtures are required")
        }
        return nil
    }

    /// A new, empty hub store: SQLite under `directory`, or a new PostgreSQL database whose connection pool runs for
    /// the rest of the test process. It hashes passwords at bcrypt's lowest cost: a whole run signs in hundreds of
    /// times on two cores.
    public static func hubStore(directory: String) async throws -> HubStore {
        try await storedHub(directory: directory).hashingPasswords(atCost: 4)
    }

    private static func storedHub(directory: String) async throws -> HubStore {
        guard let server = postgresURL.flatMap(DatabaseURL.init) else { return try HubStore.open(dataDirectory: directory) }
        let storage = try await creation.withPermit {
            let storage = try await postgresStorage(url: try await createDatabase(on: server))
            try await storage.migrate()
            return storage
        }
        return HubStore(storage: storage)
    }

    /// A new, empty database on the PostgreSQL server `server` (its user may create databases), with `options` added to
    /// its `CREATE DATABASE` (a template, a locale).
    public static func createDatabase(on server: DatabaseURL, options: String = "") async throws -> DatabaseURL {
        let name = "hub_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = PostgresHubStorage.client(url: server, password: nil, connections: 1, logger: quiet)
        let adminRun = Task { await admin.run() }
        defer { adminRun.cancel() }
        _ = try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) \(options)"), logger: quiet)
        guard let url = DatabaseURL("postgres://\(server.user):\(server.password ?? "")@\(server.host):\(server.port)/\(name)") else {
            throw KioskError(.configuration, "cannot name a database on \(server)")
        }
        return url
    }

    /// A storage on `url` whose connection pool runs for the rest of the test process; not yet migrated. Each operation
    /// may take a minute: the suite's tests run at once against one server, and a test waiting its turn for a
    /// connection behind forty others is slow, not broken.
    public static func postgresStorage(url: DatabaseURL) async throws -> PostgresHubStorage {
        let client = PostgresHubStorage.client(url: url, password: nil, connections: 4, logger: quiet)
        Task { await client.run() }
        return PostgresHubStorage(client: client, url: url, logger: quiet, deadline: .seconds(60))
    }

    /// Two databases made at once: the machines running the tests have two cores.
    private static let creation = DatabaseCreationPermits(2)

    private static var quiet: Logger {
        var logger = Logger(label: "test-database")
        logger.logLevel = .critical
        return logger
    }
}
