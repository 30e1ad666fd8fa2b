import GRDB

extension EventRow {
    /// Reads the columns by name, throwing on a wrong type as decoding did. The Codable default converts every
    /// column name from snake case for every row, which made reading a sync batch cost more than sending it.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        kioskId = try row.decode(forColumn: "kiosk_id")
        seq = try row.decode(forColumn: "seq")
        reader = try row.decode(forColumn: "reader")
        uid = try row.decode(forColumn: "uid")
        studentId = try row.decode(forColumn: "student_id")
        kind = try row.decode(forColumn: "kind")
        direction = try row.decode(forColumn: "direction")
        outcome = try row.decode(forColumn: "outcome")
        reason = try row.decode(forColumn: "reason")
        occurredAt = try row.decode(forColumn: "occurred_at")
        recordedAt = try row.decode(forColumn: "recorded_at")
        monotonicNs = try row.decode(forColumn: "monotonic_ns")
        bootId = try row.decode(forColumn: "boot_id")
        clockSynced = try row.decode(forColumn: "clock_synced")
        syncState = try row.decode(forColumn: "sync_state")
        syncReason = try row.decode(forColumn: "sync_reason")
        syncedAt = try row.decode(forColumn: "synced_at")
    }
}
