import Foundation
import GRDB
import KioskCore
import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    /// One transaction for `batches`, each in its own savepoint, so one batch's failure fails only that batch; when
    /// the transaction itself fails, every batch fails.
    static func write(_ batches: [SQLiteEventBatch], into database: StoreDatabase) async -> [Result<[EventInsertion], KioskError>] {
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

    /// Stores each record at most once; the statements are prepared once for the whole transaction. Which of the
    /// batch's (kiosk, seq) another event holds is read in one range scan per run of its seqs (one per kiosk for a
    /// kiosk's next batch), not one lookup per record; when none does and the batch repeats none, no record needs a
    /// look at them.
    private static func insert(_ batch: SQLiteEventBatch, into db: Database) throws -> [EventInsertion] {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO event (\(EventColumns.names), received_at, property_id) VALUES (\(EventColumns.placeholders), ?, ?)
                ON CONFLICT(id) DO NOTHING
                """
        )
        let owner = try db.cachedStatement(sql: "SELECT kiosk_id FROM event WHERE id = ?")
        var holders = try seqHolders(in: batch.seqRanges, db)
        let checking = batch.repeatsSeq || !holders.isEmpty
        return try batch.rows.enumerated().map { index, row in
            if checking, holders[row.key, default: []].contains(where: { $0 != row.id }) {
                return .notStored(kiosk: row.key.kiosk, idHeldBy: try String.fetchOne(owner, arguments: [row.id]))
            }
            try batch.values.insert(index, with: insert)
            if db.changesCount == 1 {
                if checking { holders[row.key, default: []].append(row.id) }
                return .stored
            }
            return .notStored(kiosk: row.key.kiosk, idHeldBy: try String.fetchOne(owner, arguments: [row.id]))
        }
    }

    /// The event ids stored at each (kiosk, seq) of `ranges`.
    private static func seqHolders(in ranges: [SQLiteEventBatch.SeqRange], _ db: Database) throws -> [SeqKey: [String]] {
        let scan = try db.cachedStatement(sql: "SELECT seq, id FROM event WHERE kiosk_id = ? AND seq BETWEEN ? AND ?")
        var holders: [SeqKey: [String]] = [:]
        for range in ranges {
            let rows = try Row.fetchCursor(scan, arguments: [range.kiosk, range.first, range.last])
            while let row = try rows.next() {
                holders[SeqKey(kiosk: range.kiosk, seq: row[0]), default: []].append(row[1])
            }
        }
        return holders
    }
}

/// A kiosk's sequence number.
struct SeqKey: Hashable {
    let kiosk: String
    let seq: Int64
}

/// A kiosk's batch made ready before it waits for the hub's one writer: each record's column values, the runs of its
/// sequence numbers to look at, and whether it repeats a (kiosk, seq). The writer only binds and steps.
struct SQLiteEventBatch: Sendable {
    /// What the writer checks of one record.
    struct Row: Sendable {
        let id: String
        let key: SeqKey
    }

    /// A run of one kiosk's seqs in the batch, from `first` to `last`, no two neighbours more than `widestGap` apart.
    struct SeqRange: Sendable {
        let kiosk: String
        let first: Int64
        var last: Int64
    }

    /// The widest gap between two seqs of a batch that one range scan covers: however its seqs are spread, the scans
    /// read at most 64 rows per record of the batch.
    static let widestGap: Int64 = 64

    let rows: [Row]
    /// The records' column values, in the order of `rows`.
    let values: SQLiteEventValues
    let seqRanges: [SeqRange]
    let repeatsSeq: Bool

    /// `records` pushed to `property`, received at `receivedAt`.
    init(records: [EventRecord], property: String, receivedAt: Date) {
        rows = records.map { Row(id: $0.id.rawValue, key: SeqKey(kiosk: $0.kioskID, seq: $0.seq)) }
        values = SQLiteEventValues(records, receivedAt: receivedAt.storeMillis, property: property)
        // Sorted by kiosk and seq (a kiosk's batch comes sorted: one linear pass), then read in one pass for both.
        let keys = rows.map(\.key).sorted { ($0.kiosk, $0.seq) < ($1.kiosk, $1.seq) }
        var ranges: [SeqRange] = []
        var repeats = false
        for (index, key) in keys.enumerated() {
            if index > 0, keys[index - 1] == key { repeats = true }
            if let range = ranges.last, range.kiosk == key.kiosk, case let (gap, false) = key.seq.subtractingReportingOverflow(range.last),
                gap <= Self.widestGap
            {
                ranges[ranges.count - 1].last = key.seq
            } else {
                ranges.append(SeqRange(kiosk: key.kiosk, first: key.seq, last: key.seq))
            }
        }
        seqRanges = ranges
        repeatsSeq = repeats
    }
}
