package import KioskCore

/// Writes the batches of kiosks pushing at once together: the batches that arrive while as many transactions as the
/// storage writes at once are being written go into the next, so they share one commit (one fsync) and the index
/// pages they all touch are written once. Each batch is answered only after the transaction holding it committed. The
/// storage decides how a transaction of several batches is written and what one batch's failure does to the others.
///
/// Earned by P5 (sixteen kiosks pushing at once to one hub must beat one kiosk: 1 kiosk 85k, 16 kiosks 135k records/s
/// on SQLite) and P5-PG1/PG2 on PostgreSQL (two transactions at a time there).
package actor GroupCommit<Batch: Sendable, Outcome: Sendable> {
    /// Writes batches in one transaction and says what became of each, in order.
    package typealias Write = @Sendable ([Batch]) async -> [Result<Outcome, KioskError>]

    /// What a waiting batch is told: its outcome, or that it is to write the next transaction with `others`.
    private enum Turn {
        case done(Result<Outcome, KioskError>)
        case write(others: [Waiting])
    }

    private struct Waiting {
        let batch: Batch
        let continuation: CheckedContinuation<Turn, Never>
    }

    private let maximumBatches: Int
    private let maximumWriters: Int
    private var waiting: [Waiting] = []
    /// How many transactions are being written; batches arriving while there are `maximumWriters` wait for the next.
    private(set) var writers = 0

    /// How many batches wait for the next transaction.
    package var waitingBatches: Int { waiting.count }

    /// Writes at most `maximumBatches` batches a transaction, so one transaction stays short however many kiosks push,
    /// and at most `writers` transactions at once (SQLite has one writer; a PostgreSQL server takes several).
    package init(maximumBatches: Int = 32, writers: Int = 1) {
        self.maximumBatches = max(maximumBatches, 1)
        self.maximumWriters = max(writers, 1)
    }

    /// Writes `batch` with whatever other batches are waiting when its transaction starts (through the `write` of
    /// whichever caller's turn it is; every caller passes the same) and returns what became of it.
    package func commit(_ batch: Batch, with write: Write) async throws(KioskError) -> Outcome {
        let others: [Waiting]
        if writers < maximumWriters {
            writers += 1
            others = nextGroup()
        } else {
            // Resumed with `.write`, the batch takes over the turn of a writer that finished (`writers` stays), with
            // the batches that were waiting then: taken at the hand-over, so a second writer finishing before this
            // one runs cannot split them into two transactions.
            let turn = await withCheckedContinuation { waiting.append(Waiting(batch: batch, continuation: $0)) }
            switch turn {
            case .done(let outcome): return try outcome.get()
            case .write(let group): others = group
            }
        }
        let outcomes = await write([batch] + others.map(\.batch))
        for (other, outcome) in zip(others, outcomes.dropFirst()) {
            other.continuation.resume(returning: .done(outcome))
        }
        if waiting.isEmpty {
            writers -= 1
        } else {
            let next = waiting.removeFirst()
            next.continuation.resume(returning: .write(others: nextGroup()))
        }
        return try outcomes[0].get()
    }

    /// Takes the batches that join the next transaction off the queue: as many as fit beside its own.
    private func nextGroup() -> [Waiting] {
        let group = Array(waiting.prefix(maximumBatches - 1))
        waiting.removeFirst(group.count)
        return group
    }
}
