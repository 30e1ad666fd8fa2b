import Foundation
import GRDB
import KioskCore
import KioskStore

/// Writes the batches of kiosks pushing at once into the SQLite hub together: the batches that arrive while one
/// transaction is being written go into the next, so they share one commit (one fsync) and write each index page
/// they all touch once. Each batch sits in a savepoint of its own, so one batch's failure fails only that batch;
/// every batch is answered only after the transaction holding it committed.
actor EventGroupCommit {
    /// One kiosk's batch.
    struct Batch: Sendable {
        let records: [EventRecord]
        let property: String
        let receivedAt: Date
    }

    /// What a waiting batch is told: its outcome, or that it is to write the next transaction.
    private enum Turn {
        case done(Result<[EventInsertion], KioskError>)
        case write
    }

    private struct Waiting {
        let batch: Batch
        let continuation: CheckedContinuation<Turn, Never>
    }

    private let database: StoreDatabase
    private let committed: @Sendable () -> Void
    private var waiting: [Waiting] = []
    /// Whether a transaction is being written; batches arriving meanwhile wait for the next.
    private(set) var writing = false

    /// How many batches wait for the next transaction.
    var waitingBatches: Int { waiting.count }

    /// Writes into `database`, calling `committed` after each transaction that committed.
    init(database: StoreDatabase, committed: @escaping @Sendable () -> Void) {
        self.database = database
        self.committed = committed
    }

    /// Stores `batch` with whatever other batches are waiting when its transaction starts, and says what became
    /// of each of its records, in order.
    func insert(_ batch: Batch) async throws(KioskError) -> [EventInsertion] {
        if writing {
            let turn = await withCheckedContinuation { waiting.append(Waiting(batch: batch, continuation: $0)) }
            if case .done(let outcome) = turn { return try outcome.get() }
        }
        writing = true
        let others = waiting
        waiting = []
        let outcomes = await write([batch] + others.map(\.batch))
        for (other, outcome) in zip(others, outcomes.dropFirst()) {
            other.continuation.resume(returning: .done(outcome))
        }
        if waiting.isEmpty {
            writing = false
        } else {
            waiting.removeFirst().continuation.resume(returning: .write)
        }
        return try outcomes[0].get()
    }

    /// One transaction for `batches`, each in its own savepoint; when the transaction itself fails, every batch fails.
    private func write(_ batches: [Batch]) async -> [Result<[EventInsertion], KioskError>] {
        let noun = database.schema.noun
        do throws(KioskError) {
            let outcomes = try await database.write { db in
                try batches.map { batch -> Result<[EventInsertion], KioskError> in
                    do {
                        var insertions: [EventInsertion] = []
                        try db.inSavepoint {
                            insertions = try Self.insert(batch, into: db)
                            return .commit
                        }
                        return .success(insertions)
                    } catch {
                        // SQLite may have ended the whole transaction (a full disk): then nothing of it stands.
                        guard db.isInsideTransaction else { throw error }
                        return .failure(KioskError(.ioError, "\(noun) write failed, nothing of the batch was recorded: \(error)"))
                    }
                }
            }
            committed()
            return outcomes
        } catch {
            return batches.map { _ in .failure(error) }
        }
    }

    /// Stores each record at most once; the statements are prepared once for the whole transaction.
    private static func insert(_ batch: Batch, into db: Database) throws -> [EventInsertion] {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO event (\(EventColumns.names), received_at, property_id) VALUES (\(EventColumns.placeholders), ?, ?)
                ON CONFLICT(id) DO NOTHING
                """
        )
        let owner = try db.cachedStatement(sql: "SELECT kiosk_id FROM event WHERE id = ?")
        let seqHolder = try db.cachedStatement(sql: "SELECT id FROM event WHERE kiosk_id = ? AND seq = ? AND id != ? LIMIT 1")
        let receivedAt = batch.receivedAt.storeMillis
        return try batch.records.map { record in
            if try String.fetchOne(seqHolder, arguments: [record.kioskID, record.seq, record.id.rawValue]) != nil {
                return try String.fetchOne(owner, arguments: [record.id.rawValue]) == nil ? .seqTaken : .idOfAnotherKiosk
            }
            var arguments = EventColumns.arguments(record)
            arguments += [receivedAt, batch.property]
            try insert.execute(arguments: arguments)
            if db.changesCount == 1 { return .stored }
            return try String.fetchOne(owner, arguments: [record.id.rawValue]) == record.kioskID ? .duplicate : .idOfAnotherKiosk
        }
    }
}
