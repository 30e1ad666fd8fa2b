import GRDB
import KioskCore
public import Logging
public import ServiceLifecycle

/// Checkpoints a database `quiet` after a commit, off the commit path: at most one checkpoint each `quiet` while
/// commits go on, and one soon after they pause. The kiosk runs one for its journal, the SQLite hub for its database.
public struct CheckpointService: Service {
    private let database: StoreDatabase
    private let quiet: Duration
    private let logger: Logger
    private let commits: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init(database: StoreDatabase, quiet: Duration = .seconds(1), logger: Logger) {
        self.database = database
        self.quiet = quiet
        self.logger = logger
        (commits, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something was committed: a checkpoint follows within `quiet`.
    public func commitRecorded() {
        continuation.yield()
    }

    /// Hears of every commit of the database's writer by itself, whichever code wrote: for a database written from
    /// many places, such as the hub's.
    public func followCommits() {
        database.writer.add(transactionObserver: CommitSignal(commits: continuation), extent: .databaseLifetime)
    }

    /// Ends, saying so, when its own connection cannot be opened: the writer's automatic checkpoint then does the work.
    public func run() async throws {
        let noun = database.schema.noun
        let checkpoints: StoreCheckpoints
        do throws(KioskError) {
            checkpoints = try await StoreCheckpoints.open(for: database)
        } catch {
            logger.warning("\(error.message); the \(noun) checkpoints by itself instead")
            return
        }
        do {
            try await cancelWhenGracefulShutdown {
                for await _ in commits {
                    try await Task.sleep(for: quiet)
                    await checkpoint(checkpoints, noun: noun)
                }
            }
        } catch is CancellationError {
            return
        }
    }

    private func checkpoint(_ checkpoints: StoreCheckpoints, noun: String) async {
        do throws(KioskError) {
            try await checkpoints.checkpoint()
        } catch {
            logger.warning("\(error.message); the \(noun) checkpoints by itself later")
        }
    }
}

/// Signals `commits` after every commit of the connection it observes.
private final class CommitSignal: TransactionObserver, Sendable {
    private let commits: AsyncStream<Void>.Continuation

    init(commits: AsyncStream<Void>.Continuation) {
        self.commits = commits
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.yield() }
    func databaseDidRollback(_ db: Database) {}
}
