import Foundation
public import KioskCore
public import Logging
public import PostgresNIO

/// The hub's storage in PostgreSQL, for chains of PGs and several hub processes on one database. Nothing a hub
/// process keeps is the only copy of a fact. Event inserts are serialised across processes (a transaction advisory
/// lock), so the pull feed's `cursor` values become visible in order and a kiosk never skips another gate's tap.
public struct PostgresHubStorage: HubStorage {
    let client: PostgresClient
    let url: DatabaseURL
    let logger: Logger

    /// A storage over `client`, which must be running (`PostgresClient.run()`) while it is used.
    public init(client: PostgresClient, url: DatabaseURL, logger: Logger) {
        self.client = client
        self.url = url
        self.logger = logger
    }

    /// A connection pool for `url` of at most `connections` connections, without TLS (a database on the same host
    /// or a private network; put a TLS proxy in front otherwise).
    public static func client(url: DatabaseURL, password: String?, connections: Int, logger: Logger) -> PostgresClient {
        var configuration = PostgresClient.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: password ?? url.password,
            database: url.database,
            tls: .disable
        )
        configuration.options.maximumConnections = connections
        configuration.options.minimumConnections = 0
        return PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// Connects once, outside the pool (which reports only that it could not connect), to say why the database
    /// cannot be used: unreachable or down is unavailable (69); a refused login or unknown database is configuration
    /// (78).
    public static func probe(url: DatabaseURL, password: String?, logger: Logger) async throws(KioskError) {
        let configuration = PostgresConnection.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: password ?? url.password,
            database: url.database,
            tls: .disable
        )
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
        } catch let error as PSQLError where error.serverInfo != nil {
            throw KioskError(.configuration, "hub database \(url) refused the connection: \(describe(error))")
        } catch {
            throw KioskError(.unavailable, "hub database \(url) cannot be reached: \(describe(error))")
        }
    }

    /// Brings the schema up to date (once, whichever process gets there first), or refuses the database.
    public func migrate() async throws(KioskError) {
        try await failing("could not be prepared") { try await PostgresHubSchema.migrate(client, url: url, logger: logger) }
    }

    public func isHealthy() async -> Bool {
        (try? await client.query("SELECT 1", logger: logger).collect().count) == 1
    }

    /// Runs `body`, turning a database failure into an I/O error that names the database (never its password).
    func failing<T>(_ what: String, _ body: () async throws -> T) async throws(KioskError) -> T {
        do {
            return try await body()
        } catch let error as KioskError {
            throw error
        } catch let error as PSQLError where Self.unreachable.contains(error.code) {
            throw KioskError(.unavailable, "hub database \(url) cannot be reached: \(Self.describe(error))")
        } catch {
            throw KioskError(.ioError, "hub database \(url) \(what): \(Self.describe(error))")
        }
    }

    /// Failures that mean the server is not there (down, restarting, unreachable), not that it refused the work.
    private static let unreachable: Set<PSQLError.Code> = [
        .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown,
    ]

    /// The server's own words for a failure, or the kind of connection failure.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return "\(message) (\(error.serverInfo?[.sqlState] ?? "?"))" }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}
