import Foundation
public import KioskCore
public import KioskHubStorage
public import Logging
public import PostgresNIO
public import ServiceLifecycle

/// The hub's storage in PostgreSQL, for chains of PGs and several hub processes on one database. Nothing a hub
/// process keeps is the only copy of a fact. Hub processes insert events at once; the pull feed's cursors follow the
/// inserting transactions, so a kiosk never skips another gate's tap (`PostgresEventFeed`). The batches of kiosks
/// pushing at once to one process share a transaction (`GroupCommit`), two such transactions at a time: one
/// PostgreSQL backend inserting one transaction's events is what one hub's rate was bound by.
public struct PostgresHubStorage: HubStorage {
    let client: PostgresClient
    package let url: DatabaseURL
    let logger: Logger
    let eventWrites = GroupCommit<EventBatchInsert, [EventInsertion]>(writers: 2)
    public let changes = HubChanges()
    let sender = PostgresChangeSender()

    /// How long one database operation may take, the wait for a connection included, before the hub gives up on it
    /// and answers 503: the pool waits for a server that is gone rather than failing.
    let deadline: Duration

    /// A storage over `client`, which must be running (`PostgresClient.run()`) while it is used, giving each operation
    /// `deadline` (10 s unless said: a test suite's hundreds of tests sharing one server on two cores need longer).
    public init(client: PostgresClient, url: DatabaseURL, logger: Logger, deadline: Duration = .seconds(10)) {
        self.client = client
        self.url = url
        self.logger = logger
        self.deadline = deadline
    }

    /// Hearing of every hub process's changes (PostgreSQL keeps its own log: no checkpoints).
    public var backgroundServices: [any Service] { [PostgresChangeListener(client: client, changes: changes, logger: logger)] }

    /// Handed to this process's subscribers at once, and soon a `NOTIFY` that every other hub process listening hears
    /// (`PostgresChangeSender`).
    public func announce(_ change: HubChange) async {
        changes.publish(change)
        await sender.enqueue(changes.origin + " " + change.payload, through: self)
    }

    public func announcementsSent() async {
        await sender.flush()
    }

    /// Every payload's `NOTIFY` in one transaction that commits without waiting for its WAL flush: PostgreSQL commits
    /// the `NOTIFY`s of the whole cluster one at a time, holding a lock across the commit, so a synchronous one would
    /// queue every hub process (and every database) behind one disk flush after another. An announcement lost with a
    /// crash costs nothing: a listener that starts again announces `.everything`. A failure is logged (what was
    /// committed stays committed).
    func notify(_ payloads: [String]) async {
        do {
            try await failing("could not announce a change") {
                _ = try await query(
                    """
                    SELECT set_config('synchronous_commit', 'off', true), pg_notify(\(PostgresChangeListener.channel), payload)
                    FROM unnest(\(payloads)::text[]) WITH ORDINALITY AS announced(payload, position) ORDER BY position
                    """
                )
            }
        } catch {
            logger.warning("a change could not be announced to other hub processes", metadata: ["hub.error": "\(error.message)"])
        }
    }

    /// A connection pool for `url` of at most `connections` connections for queries and one more, which a serving hub's
    /// `PostgresChangeListener` holds to hear the other hub processes' changes; without TLS (a database on the same
    /// host or a private network; put a TLS proxy in front otherwise).
    public static func client(url: DatabaseURL, password: String?, connections: Int, logger: Logger) -> PostgresClient {
        var configuration = PostgresClient.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: password ?? url.password,
            database: url.database,
            tls: .disable
        )
        configuration.options.maximumConnections = connections + 1
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
        try await failing("could not be prepared", within: Self.migrationDeadline) {
            try await PostgresHubSchema.migrate(client, url: url, logger: logger)
        }
    }

    public func isHealthy() async -> Bool {
        (try? await failing("does not answer") { try await query("SELECT 1").count }) == 1
    }

    /// How long bringing the schema up to date may take: a migration may build an index over every event, and a busy
    /// server may take seconds to create a table, so a request's deadline would refuse a hub that merely starts slowly.
    static let migrationDeadline = Duration.seconds(300)

    /// Runs `body` within `deadline` (the storage's when nil), turning a database failure into an error that names the
    /// database (never its password): unreachable, gone or too slow is unavailable (69, 503 to a kiosk); anything else
    /// an I/O error.
    func failing<T: Sendable>(
        _ what: String,
        within deadline: Duration? = nil,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws(KioskError) -> T {
        let deadline = deadline ?? self.deadline
        do {
            return try await Self.within(deadline, body)
        } catch let error as KioskError {
            throw error
        } catch is DeadlineExceeded {
            throw KioskError(.unavailable, "hub database \(url) did not answer within \(deadline.components.seconds) s")
        } catch let error as PSQLError where Self.isUnreachable(error) {
            throw KioskError(.unavailable, "hub database \(url) cannot be reached: \(Self.describe(error))")
        } catch {
            throw KioskError(.ioError, "hub database \(url) \(what): \(Self.describe(error))")
        }
    }

    /// `body`'s result, or `DeadlineExceeded` once `deadline` has passed. The answer does not wait for `body` to
    /// end (a statement on a connection the server dropped may not notice cancellation at once); `body` is cancelled
    /// and finishes on its own.
    private static func within<T: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let answer = FirstAnswer<T>()
        let work = Task {
            do {
                answer.give(.success(try await body()))
            } catch {
                answer.give(.failure(error))
            }
        }
        let timer = Task {
            try await Task.sleep(for: deadline)
            answer.give(.failure(DeadlineExceeded()))
        }
        return try await withTaskCancellationHandler {
            defer {
                work.cancel()
                timer.cancel()
            }
            return try await answer.value()
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// An operation outlasted `deadline`.
    private struct DeadlineExceeded: Error {}

    /// Whether `error` means the server is not there (down, restarting, unreachable), not that it refused the work:
    /// a connection that failed or closed, or the server's own word that it is shutting down or starting up (SQLSTATE
    /// class 57P: "terminating connection due to administrator command", "the database system is starting up") or
    /// that the connection failed (class 08).
    static func isUnreachable(_ error: PSQLError) -> Bool {
        if unreachable.contains(error.code) { return true }
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("57P") || state.hasPrefix("08")
    }

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
