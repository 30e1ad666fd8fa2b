import GRDB
public import KioskCore

/// Checkpoints of a database's write-ahead log into the database file on a connection of their own, so that a
/// commit (a tap's, a kiosk's batch at the hub) never waits for one. The writer's own automatic checkpoint stays
/// as a backstop, moved out to `backstopPages` of log, for a process whose checkpoints stopped.
public struct StoreCheckpoints: Sendable {
    private let connection: DatabaseQueue
    private let noun: String

    /// Pages of log (4 KB each) after which the writer checkpoints by itself.
    public static let backstopPages = 10_000

    /// Opens the checkpoint connection of `database` and moves its writer's automatic checkpoint out.
    public static func open(for database: StoreDatabase) async throws(KioskError) -> StoreCheckpoints {
        let path = database.writer.path
        let connection: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            database.footprint.configure(&configuration)
            connection = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw KioskError(.ioError, "\(database.schema.noun) \(path): cannot open a connection for checkpoints: \(error)")
        }
        try await database.onWriterConnection { try $0.execute(sql: "PRAGMA wal_autocheckpoint = \(backstopPages)") }
        return StoreCheckpoints(connection: connection, noun: database.schema.noun)
    }

    /// Copies what the log holds into the database file without waiting for readers or the writer (a passive
    /// checkpoint); the writer starts the log over once all of it was copied.
    public func checkpoint() async throws(KioskError) {
        do {
            _ = try await connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
        } catch {
            throw KioskError(.ioError, "\(noun) checkpoint failed: \(error)")
        }
    }
}
