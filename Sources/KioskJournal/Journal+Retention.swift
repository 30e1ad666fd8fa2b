public import Foundation
import GRDB
public import KioskCore
import KioskStore

/// Retention on the gate (CONTRACT.md "Backups, and the gates as the hub's second copy"): events past keeping leave the
/// journal once the hub has them, their places in the signed log kept by their leaf hashes.
extension Journal {
    /// How many events one step removes: each step is a write transaction of its own, so a tap waits for none but a
    /// short one.
    static let eventsPerRetentionStep = 2_000

    /// Removes the events that occurred before `cutoff` (by their corrected time when they have one) and that the hub
    /// acknowledged (any gate's), with their corrected times. Kept whatever their age: an event pending, quarantined
    /// or with a correction pending; one of this kiosk's not yet in the stored tree, and its latest (the next seq
    /// follows it); and a card's highest SUN counter (a replay of an older read stays refused). The seqs of the
    /// kiosk's own are kept, so their leaves count as removed, not missing. Returns how many were removed.
    @discardableResult
    public func removeEvents(before cutoff: Date) async throws(KioskError) -> Int {
        let kioskID = self.kioskID
        var removed = 0
        while true {
            let step = try await write { db in
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, kiosk_id = :kiosk AS own, seq FROM event WHERE occurred_at < :cutoff AND sync_state = 'synced'
                            AND COALESCE((SELECT corrected_at FROM event_correction WHERE event_id = event.id), occurred_at) < :cutoff
                            AND (kiosk_id <> :kiosk OR (
                                seq <= :treeSize
                                AND seq < (SELECT MAX(seq) FROM event WHERE kiosk_id = :kiosk)
                            ))
                            AND NOT EXISTS (SELECT 1 FROM event_correction WHERE event_id = event.id AND sync_state = 'pending')
                            AND (sun_counter IS NULL
                                OR sun_counter < (SELECT MAX(sun_counter) FROM event AS other WHERE other.uid = event.uid AND other.sun_counter IS NOT NULL))
                        ORDER BY occurred_at LIMIT :limit
                        """,
                    arguments: [
                        "cutoff": cutoff.storeMillis, "kiosk": kioskID, "treeSize": try Self.logSize(db), "limit": Self.eventsPerRetentionStep,
                    ]
                )
                let event = try db.cachedStatement(sql: "DELETE FROM event WHERE id = ?")
                let correction = try db.cachedStatement(sql: "DELETE FROM event_correction WHERE event_id = ?")
                let removedLeaf = try db.cachedStatement(sql: "INSERT INTO log_removed (seq) VALUES (?)")
                for row in rows {
                    let id: String = row["id"]
                    try event.execute(arguments: [id])
                    try correction.execute(arguments: [id])
                    if row["own"] { try removedLeaf.execute(arguments: [row["seq"]]) }
                }
                return rows.count
            }
            removed += step
            if step < Self.eventsPerRetentionStep { return removed }
        }
    }
}
