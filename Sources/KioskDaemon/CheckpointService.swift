import KioskCore
public import KioskJournal
public import Logging
public import ServiceLifecycle

/// Checkpoints the journal `quiet` after a tap was committed, off the tap path: at most one checkpoint each
/// `quiet` while taps go on, and one soon after they pause.
public struct CheckpointService: Service {
    private let journal: Journal
    private let quiet: Duration
    private let logger: Logger
    private let commits: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init(journal: Journal, quiet: Duration = .seconds(1), logger: Logger) {
        self.journal = journal
        self.quiet = quiet
        self.logger = logger
        (commits, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// A tap was committed: a checkpoint follows within `quiet`.
    public func commitRecorded() {
        continuation.yield()
    }

    /// Ends, saying so, when its own connection cannot be opened: the writer's automatic checkpoint then does the work.
    public func run() async throws {
        let checkpoints: JournalCheckpoints
        do throws(KioskError) {
            checkpoints = try await JournalCheckpoints.open(for: journal)
        } catch {
            logger.warning("\(error.message); the journal checkpoints by itself instead")
            return
        }
        do {
            try await cancelWhenGracefulShutdown {
                for await _ in commits {
                    try await Task.sleep(for: quiet)
                    await checkpoint(checkpoints)
                }
            }
        } catch is CancellationError {
            return
        }
    }

    private func checkpoint(_ checkpoints: JournalCheckpoints) async {
        do throws(KioskError) {
            try await checkpoints.checkpoint()
        } catch {
            logger.warning("\(error.message); the journal checkpoints by itself later")
        }
    }
}
