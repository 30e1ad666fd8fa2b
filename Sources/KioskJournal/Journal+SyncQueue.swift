public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// Up to `limit` of this kiosk's pending events with `seq` greater than `afterSeq`, oldest first. Paging by
    /// `seq` streams a backlog of any size in bounded memory.
    public func pendingEvents(afterSeq: Int64, limit: Int) async throws(KioskError) -> [EventRecord] {
        let kioskID = self.kioskID
        return try await read { db in
            try EventColumns.records(
                db,
                sql: "SELECT \(EventColumns.names) FROM event WHERE kiosk_id = ? AND sync_state = 'pending' AND seq > ? ORDER BY seq LIMIT ?",
                arguments: [kioskID, afterSeq, limit]
            )
        }
    }

    /// Marks this kiosk's pending events of `seqs` (those the hub acknowledged: accepted or duplicate) as synced at
    /// `instant`, one statement per run of consecutive seqs: a batch is usually one run, so an acknowledged batch costs
    /// one range update instead of a lookup by id per event (P4).
    public func markSynced(seqs: [Int64], at instant: Date) async throws(KioskError) {
        guard !seqs.isEmpty else { return }
        let kioskID = self.kioskID
        try await write { db in
            let update = try db.cachedStatement(
                sql: """
                    UPDATE event SET sync_state = 'synced', synced_at = ?, sync_reason = NULL
                    WHERE kiosk_id = ? AND seq BETWEEN ? AND ? AND sync_state = 'pending'
                    """
            )
            for run in SeqRuns(seqs) {
                try update.execute(arguments: [instant.storeMillis, kioskID, run.lowerBound, run.upperBound])
            }
        }
    }

    /// Sets aside an event the hub refused for good, with the hub's reason; it stays in the journal and in reports.
    public func quarantine(_ id: EventID, reason: String) async throws(KioskError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE event SET sync_state = 'quarantined', sync_reason = ? WHERE id = ? AND sync_state = 'pending'",
                arguments: [reason, id.rawValue]
            )
        }
    }

    /// How many of this kiosk's events are pending and quarantined.
    public func syncCounts() async throws(KioskError) -> (pending: Int, quarantined: Int) {
        let backlog = try await syncBacklog()
        return (backlog.pending, backlog.quarantined)
    }

    /// This kiosk's events waiting for the hub: how many are pending and quarantined, and when the oldest pending one
    /// was recorded (nil when none is).
    public func syncBacklog() async throws(KioskError) -> (pending: Int, quarantined: Int, oldestPendingAt: Date?) {
        let kioskID = self.kioskID
        return try await read { db in
            let completeness = try Self.completeness(db, kioskID: kioskID, clockReads: nil)
            let oldest = try Int64.fetchOne(
                db,
                sql: "SELECT recorded_at FROM event WHERE kiosk_id = ? AND sync_state = 'pending' ORDER BY seq LIMIT 1",
                arguments: [kioskID]
            )
            return (completeness.pending, completeness.quarantined, oldest.map(Date.init(storeMillis:)))
        }
    }

    /// The journal's size on disk, its write-ahead log included, and the space left on its file system: read on the
    /// journal's own queue, so the file system calls stay off the cooperative pool.
    public func diskUse() async throws(KioskError) -> (journalBytes: Int64, freeBytes: Int64) {
        let path = writer.path
        return try await read { _ in
            let files = FileManager.default
            let journalBytes = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                total + (((try? files.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0)
            }
            let free = ((try? files.attributesOfFileSystem(forPath: path))?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
            return (journalBytes, free)
        }
    }

    /// Makes this kiosk's acknowledged events after `heldThroughSeq` pending again when the hub holds fewer of them than
    /// it acknowledged (its highest seq, `hubHighestSeq`, is below the highest this kiosk saw acknowledged): a hub
    /// restored from an older copy is refilled by its gates. Returns how many are pending again.
    public func pushAgainWhatTheHubLost(heldThroughSeq: Int64, hubHighestSeq: Int64) async throws(KioskError) -> Int {
        let kioskID = self.kioskID
        let acknowledged = try await read { db in
            try Int64.fetchOne(
                db,
                sql: "SELECT seq FROM event WHERE kiosk_id = ? AND sync_state = 'synced' ORDER BY seq DESC LIMIT 1",
                arguments: [kioskID]
            ) ?? 0
        }
        guard acknowledged > hubHighestSeq else { return 0 }
        return try await write { db in
            try db.execute(
                sql: "UPDATE event SET sync_state = 'pending', synced_at = NULL WHERE kiosk_id = ? AND sync_state = 'synced' AND seq > ?",
                arguments: [kioskID, heldThroughSeq]
            )
            return db.changesCount
        }
    }
}
