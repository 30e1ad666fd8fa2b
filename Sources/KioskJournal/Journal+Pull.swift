public import Foundation
import GRDB
public import KioskCore
public import KioskWire

extension Journal {
    /// What the kiosk last pulled from the hub: the roster's ETag and the cursor of other gates' events.
    public func pullState() async throws(KioskError) -> (rosterETag: String?, cursor: Int64) {
        try await read { db in
            let row = try Row.fetchOne(db, sql: "SELECT roster_etag, pull_cursor FROM sync_status WHERE id = 1")
            return (row?["roster_etag"], row?["pull_cursor"] ?? 0)
        }
    }

    /// Makes the hub's roster the kiosk's whole roster in one transaction (the hub is its source of truth) and
    /// remembers its ETag. Past records are untouched.
    public func applyHubRoster(_ roster: WireRoster, etag: String) async throws(KioskError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM tag")
            let keep = Set(roster.students.map(\.studentId))
            for id in try String.fetchAll(db, sql: "SELECT id FROM student") where !keep.contains(id) {
                try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [id])
            }
            for entry in roster.students {
                let status = StudentStatus(rawValue: entry.status) ?? .inactive
                try StudentRow(Student(id: entry.studentId, name: entry.name, room: entry.room, status: status)).upsert(db)
                for uid in entry.tags.compactMap({ try? TagUID(parsing: $0) }) {
                    try db.execute(sql: "INSERT OR IGNORE INTO tag (uid, student_id) VALUES (?, ?)", arguments: [uid.hex, entry.studentId])
                }
            }
            try db.execute(sql: "UPDATE sync_status SET roster_etag = ?", arguments: [etag])
        }
    }

    /// Adds other gates' events as events of their own kiosks, already synced, so toggle decisions and reports
    /// see them; an event already present, this kiosk's own or invalid is skipped. Remembers `cursor`.
    public func insertPulled(_ events: [WireEvent], cursor: Int64, at instant: Date) async throws(KioskError) -> Int {
        let kioskID = self.kioskID
        return try await write { db in
            var inserted = 0
            for event in events where event.kioskId != kioskID && event.problem() == nil {
                guard let occurredAt = WireTime.parse(event.occurredAt), let recordedAt = WireTime.parse(event.recordedAt) else { continue }
                var row = EventRow(
                    id: event.id.lowercased(),
                    kioskId: event.kioskId,
                    seq: event.seq,
                    reader: event.reader,
                    uid: event.uid,
                    studentId: event.studentId,
                    kind: event.kind.rawValue,
                    direction: event.direction?.rawValue,
                    outcome: event.outcome.rawValue,
                    reason: event.reason,
                    occurredAt: occurredAt.journalMillis,
                    recordedAt: recordedAt.journalMillis,
                    monotonicNs: event.monotonicNs,
                    bootId: event.bootId,
                    clockSynced: event.clockSynced
                )
                row.syncState = "synced"
                row.syncedAt = instant.journalMillis
                try row.insert(db, onConflict: .ignore)
                inserted += db.changesCount
            }
            try db.execute(sql: "UPDATE sync_status SET pull_cursor = MAX(pull_cursor, ?)", arguments: [cursor])
            return inserted
        }
    }
}
