public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// What the kiosk last pulled from the hub: the roster's ETag and the cursor of other gates' events.
    public func pullState() async throws(KioskError) -> (rosterETag: String?, cursor: Int64) {
        try await read { db in
            let row = try Row.fetchOne(db, sql: "SELECT roster_etag, pull_cursor FROM sync_status WHERE id = 1")
            return (row?["roster_etag"], row?["pull_cursor"] ?? 0)
        }
    }

    /// Makes the hub's roster and leave passes the kiosk's whole roster and passes in one transaction (the hub is
    /// their source of truth) and remembers their ETag and the property's name. Past records are untouched. Photos not
    /// in `photos` (digests by student id) are removed; returns the students whose photo is to be fetched.
    @discardableResult
    public func applyHubRoster(
        _ entries: [RosterEntry],
        passes: [LeavePass],
        photos: [String: String] = [:],
        propertyName: String? = nil,
        etag: String
    ) async throws(KioskError) -> [String] {
        try await writeFacts { db in
            try RosterTables.replace(with: entries, in: db)
            try LeavePassTable.replace(with: passes, db)
            try db.execute(sql: "UPDATE sync_status SET roster_etag = ?, property_name = ?", arguments: [etag, propertyName])
            return try PhotoTable.keep(photos, in: db)
        }
    }

    /// Forgets the roster's ETag, so the next pull brings the whole roster again (a photo could not be fetched).
    public func forgetRosterETag() async throws(KioskError) {
        try await write { db in try db.execute(sql: "UPDATE sync_status SET roster_etag = NULL") }
    }

    /// The property's name as the hub last said it, nil for a standalone kiosk or a hub from before the screen.
    public func propertyName() async throws(KioskError) -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT property_name FROM sync_status WHERE id = 1") }
    }

    /// Pulls other gates' events from `cursor` on when the kiosk had pulled past it: from a hub database that was since
    /// restored from an older copy, whose events since then come back at cursors from `cursor` on.
    public func pullAgain(from cursor: Int64) async throws(KioskError) {
        guard try await pullState().cursor > cursor else { return }
        try await write { db in
            try db.execute(sql: "UPDATE sync_status SET pull_cursor = ? WHERE pull_cursor > ?", arguments: [cursor, cursor])
        }
    }

    /// Adds other gates' events as events of their own kiosks, already synced, so toggle decisions and reports
    /// see them; an event already present or this kiosk's own is skipped. Remembers `cursor`.
    public func insertPulled(_ events: [EventRecord], cursor: Int64, at instant: Date) async throws(KioskError) -> Int {
        let kioskID = self.kioskID
        let inserted = try await write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO event (\(EventColumns.names), sync_state, synced_at) VALUES (\(EventColumns.placeholders), 'synced', ?)
                    ON CONFLICT DO NOTHING
                    """
            )
            var inserted = 0
            for event in events where event.kioskID != kioskID {
                var arguments = EventColumns.arguments(event)
                arguments += [instant.storeMillis]
                try insert.execute(arguments: arguments)
                inserted += db.changesCount
            }
            try db.execute(sql: "UPDATE sync_status SET pull_cursor = MAX(pull_cursor, ?)", arguments: [cursor])
            return inserted
        }
        if inserted > 0 { factChanges.note() }
        return inserted
    }
}
