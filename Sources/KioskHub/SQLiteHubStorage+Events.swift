import Foundation
import GRDB
import KioskCore
import KioskStore

extension SQLiteHubStorage {
    /// One transaction for `batches`, each in its own savepoint, so one batch's failure fails only that batch; when
    /// the transaction itself fails, every batch fails.
    static func write(_ batches: [EventBatchInsert], into database: StoreDatabase) async -> [Result<[EventInsertion], KioskError>] {
        let noun = database.schema.noun
        do throws(KioskError) {
            return try await database.write { db in
                try batches.map { batch -> Result<[EventInsertion], KioskError> in
                    do {
                        var insertions: [EventInsertion] = []
                        try db.inSavepoint {
                            insertions = try insert(batch, into: db)
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
        } catch {
            return batches.map { _ in .failure(error) }
        }
    }

    /// Stores each record at most once; the statements are prepared once for the whole transaction.
    private static func insert(_ batch: EventBatchInsert, into db: Database) throws -> [EventInsertion] {
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
