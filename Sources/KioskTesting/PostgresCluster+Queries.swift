import KioskCore
import Logging
import PostgresNIO

/// One row of the hub's `event` table as PostgreSQL holds it.
public struct HubEventRow: Sendable, Hashable {
    public let id: String
    public let kioskID: String
}

extension PostgresCluster {
    /// Every row of the hub's `event` table in the database at `url`, read straight from PostgreSQL (not through
    /// the hub's code), so duplicates would show.
    public static func hubEvents(at url: String) async throws -> [HubEventRow] {
        try await withConnection(to: url) { connection, logger in
            var rows: [HubEventRow] = []
            for try await (id, kioskID) in try await connection.query("SELECT id, kiosk_id FROM event", logger: logger).decode((String, String).self)
            {
                rows.append(HubEventRow(id: id, kioskID: kioskID))
            }
            return rows
        }
    }

    /// A new empty database `name` (lowercase letters, digits and `_`) on this cluster; its URL.
    public func createDatabase(_ name: String) async throws -> String {
        guard name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }), let slash = url.lastIndex(of: "/") else {
            throw PostgresClusterError("not a database name: \(name)")
        }
        try await Self.withConnection(to: url) { connection, logger in
            _ = try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        return url[...slash] + name
    }

    /// Runs `body` on a connection of its own to the database at `url`, closed afterwards.
    private static func withConnection<T: Sendable>(
        to url: String,
        _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        guard let database = DatabaseURL(url) else { throw PostgresClusterError("not a database URL: \(DatabaseURL.problem(url) ?? url)") }
        var logger = Logger(label: "postgres-cluster")
        logger.logLevel = .critical
        let configuration = PostgresConnection.Configuration(
            host: database.host,
            port: database.port,
            username: database.user,
            password: database.password,
            database: database.database,
            tls: .disable
        )
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            let value = try await body(connection, logger)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
