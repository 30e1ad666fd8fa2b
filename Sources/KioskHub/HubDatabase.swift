import Foundation
public import KioskCore
public import Logging
import PostgresNIO

/// Opens the store a hub configuration names, SQLite under `data_dir` or PostgreSQL at `database_url`, for the
/// length of one command.
public enum HubDatabase {
    /// Runs `body` with the store, its database migrated; a PostgreSQL connection pool runs around it. With
    /// `waitingForDatabase`, a PostgreSQL server that cannot be reached yet is retried (saying why) until it can.
    public static func withStore<T: Sendable>(
        _ configuration: HubConfiguration,
        logger: Logger,
        waitingForDatabase: Bool = false,
        _ body: (HubStore) async throws -> T
    ) async throws -> T {
        let defaultProperty = HubProperty(id: HubProperty.defaultID, name: configuration.name, policy: configuration.attendance)
        guard let text = configuration.databaseURL else {
            return try await body(try HubStore.open(dataDirectory: configuration.dataDirectory, defaultProperty: defaultProperty))
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
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            var delay = Duration.milliseconds(500)
            while true {
                do {
                    try await PostgresHubStorage.probe(url: url, password: password, logger: poolLogger)
                    try await storage.migrate()
                    break
                } catch let error as KioskError where waitingForDatabase && error.category == .unavailable {
                    logger.warning("waiting for the hub database", metadata: ["hub.database": "\(url)", "hub.error": "\(error.message)"])
                    try await Task.sleep(for: delay)
                    delay = min(delay * 2, .seconds(10))
                }
            }
            return try await body(HubStore(storage: storage, defaultProperty: defaultProperty))
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
