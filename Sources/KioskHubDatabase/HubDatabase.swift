import Foundation
public import KioskCore
public import KioskHub
import KioskHubPostgres
import KioskHubStorage
public import Logging
import PostgresNIO

/// Opens the store a hub configuration names, SQLite under `data_dir` or PostgreSQL at `database_url`, for the
/// length of one command.
public enum HubDatabase {
    /// Runs `body` with the store, its database migrated; a PostgreSQL connection pool runs around it, and a server
    /// that cannot be reached is an error (69).
    public static func withStore<T: Sendable>(
        _ configuration: HubConfiguration,
        logger: Logger,
        _ body: (HubStore) async throws -> T
    ) async throws -> T {
        try await withUnpreparedStore(configuration, logger: logger) { store, preparation in
            try await preparation?.prepareOnce()
            return try await body(store)
        }
    }

    /// Runs `body` with the store before its database is prepared and the preparation to run as a service of
    /// `kiosk-hub serve` (nil for SQLite, which is ready once open); a PostgreSQL connection pool runs around it.
    public static func withUnpreparedStore<T: Sendable>(
        _ configuration: HubConfiguration,
        logger: Logger,
        readiness: HubReadiness = HubReadiness(),
        _ body: (HubStore, HubDatabasePreparation?) async throws -> T
    ) async throws -> T {
        let defaultProperty = HubProperty(id: HubProperty.defaultID, name: configuration.name, policy: configuration.attendance)
        guard let text = configuration.databaseURL else {
            return try await body(try HubStore.open(dataDirectory: configuration.dataDirectory, defaultProperty: defaultProperty), nil)
        }
        guard let url = DatabaseURL(text) else {
            throw KioskError(.configuration, "[hub] database_url: \(DatabaseURL.problem(text) ?? "not a PostgreSQL URL")")
        }
        let password = try configuration.databasePasswordFile.map { path throws(KioskError) in try readPassword(path) }
        // The pool's own chatter (a lease asked for a moment before `run()` starts) stays out of the hub's log.
        var poolLogger = logger
        poolLogger.logLevel = .error
        let client = PostgresHubStorage.client(url: url, password: password, connections: configuration.databaseConnections, logger: poolLogger)
        let storage = PostgresHubStorage(client: client, url: url, logger: logger)
        readiness.wait("connecting to \(url)")
        let preparation = HubDatabasePreparation(storage: storage, password: password, readiness: readiness, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            do {
                let value = try await body(HubStore(storage: storage, defaultProperty: defaultProperty), preparation)
                await storage.announcementsSent()
                return value
            } catch {
                await storage.announcementsSent()
                throw error
            }
        }
    }

    /// The first line of the password file.
    private static func readPassword(_ path: String) throws(KioskError) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw KioskError(.configuration, "[hub] database_password_file \(path): no such file, or it cannot be read")
        }
        return String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}
