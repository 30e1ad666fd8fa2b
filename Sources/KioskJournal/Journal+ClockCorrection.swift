import Foundation
import GRDB
public import KioskCore
import KioskStore

/// The gate's reads placed at their corrected time (CONTRACT.md "Time of a read"): a measurement of the gate's clock
/// against the hub's corrects the reads of its boot made with an unsynchronised clock before it. A correction is a
/// row of its own; the event and its leaf never change.
extension Journal {
    /// How far apart, in milliseconds, a read's time and its recording may be for its time to have come from the
    /// gate's clock at the read: a time typed by a person (`kiosk tap --at`, a manual entry) is never corrected.
    static let readTimeTolerance: Int64 = 60_000

    /// Records the corrected time of each of the kiosk's own reads that `measurement` corrects (made with an
    /// unsynchronised clock in its boot before it, their time read from the clock) and that has none yet: the hub's
    /// time at the measurement minus the monotonic time elapsed since the read. Returns how many.
    @discardableResult
    public func correctReads(with measurement: ClockMeasurement) async throws(KioskError) -> Int {
        guard measurement.corrects, measurement.monotonicNanoseconds <= UInt64(Int64.max) else { return 0 }
        let kioskID = self.kioskID
        return try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO event_correction (event_id, corrected_at, sync_state)
                    SELECT id, ? - (? - monotonic_ns) / 1000000, 'pending' FROM event
                    WHERE kiosk_id = ? AND boot_id = ? AND clock_synced = 0 AND monotonic_ns <= ? AND kind <> 'manual'
                        AND ABS(recorded_at - occurred_at) <= \(Self.readTimeTolerance)
                        AND NOT EXISTS (SELECT 1 FROM event_correction WHERE event_id = event.id)
                    """,
                arguments: [
                    measurement.hubTime.storeMillis, Int64(measurement.monotonicNanoseconds), kioskID, measurement.bootID,
                    Int64(measurement.monotonicNanoseconds),
                ]
            )
            return db.changesCount
        }
    }

    /// Up to `limit` corrections the hub has not acknowledged, oldest read first.
    public func pendingCorrections(limit: Int) async throws(KioskError) -> [ReadCorrection] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT event_id, corrected_at FROM event_correction WHERE sync_state = 'pending' ORDER BY corrected_at, event_id LIMIT ?",
                arguments: [limit]
            ).map { ReadCorrection(eventID: EventID(rawValue: $0["event_id"]), correctedAt: Date(storeMillis: $0["corrected_at"])) }
        }
    }

    /// Marks the corrections of `eventIDs` acknowledged by the hub.
    public func markCorrectionsSynced(_ eventIDs: [EventID]) async throws(KioskError) {
        try await write { db in
            let update = try db.cachedStatement(sql: "UPDATE event_correction SET sync_state = 'synced' WHERE event_id = ?")
            for id in eventIDs { try update.execute(arguments: [id.rawValue]) }
        }
    }

    /// Keeps corrections of other gates' reads that the hub sent with them, as acknowledged.
    public func keepPulledCorrections(_ corrections: [ReadCorrection]) async throws(KioskError) {
        guard !corrections.isEmpty else { return }
        try await write { db in
            let insert = try db.cachedStatement(
                sql: "INSERT INTO event_correction (event_id, corrected_at, sync_state) VALUES (?, ?, 'synced') ON CONFLICT DO NOTHING"
            )
            for correction in corrections { try insert.execute(arguments: [correction.eventID.rawValue, correction.correctedAt.storeMillis]) }
        }
    }
}
