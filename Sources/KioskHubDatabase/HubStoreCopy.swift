public import Foundation
public import KioskCore
public import KioskHubPostgres
public import KioskHubSQLite
public import KioskHubStorage

/// Copies a SQLite hub into an empty PostgreSQL hub database (`kiosk-hub migrate-store --to URL`): properties,
/// rosters, leave passes, pass requests with their decisions (not the parents' links: a request still pending is the
/// warden's to decide), token hashes, events (each at its own pull cursor), web console users (password hashes and
/// whether disabled), when each gate was last heard from, and the alerts with their deliveries, so kiosks keep their
/// tokens and cursors, wardens their passwords, and no alert is sent twice. Console sessions are not copied: everyone
/// signs in again. The counts of both are compared at the end.
public enum HubStoreCopy {
    /// Events read and written per transaction.
    static let batchSize = 1000

    /// Copies everything in `source` into `target`, which must be migrated and empty; returns the verified counts.
    public static func copy(
        from source: SQLiteHubStorage,
        defaultProperty: HubProperty,
        to target: PostgresHubStorage,
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> HubStoreCounts {
        let existing = try await target.counts()
        guard existing.isEmpty else {
            throw KioskError(.dataError, "the target database is not empty (\(existing)); copy into a new, empty database")
        }
        let properties = try await source.properties()
        for property in properties { _ = try await target.addProperty(property, createdAt: now) }
        for property in [defaultProperty] + properties {
            var rows: [RosterRow] = []
            for entry in try await source.roster(property: property.id) {
                let contacts = try await source.parentContacts(of: entry.student.id, property: property.id)
                rows += entry.tags.map { RosterRow(line: 0, student: entry.student, uid: $0, parentContacts: contacts) }
            }
            _ = try await target.importRoster(rows, file: "property \(property.id)", replace: true, property: property.id)
            for pass in try await source.passes(property: property.id, from: nil, through: nil) {
                try await target.addPass(pass, property: property.id)
            }
            for request in try await source.passRequests(property: property.id).reversed() {
                guard
                    try await target.addPassRequest(
                        PassRequest(id: request.id, leave: request.leave, createdAt: request.createdAt),
                        links: [],
                        property: property.id
                    ),
                    let decision = request.decision
                else { continue }
                _ = try await target.decidePassRequest(id: request.id, property: property.id, decision: decision, pass: nil)
            }
        }
        for token in try await source.tokens() { try await target.addToken(hash: token.hash, holder: token.holder, createdAt: token.createdAt) }
        for user in try await source.users() {
            if let stored = try await source.user(named: user.name) { _ = try await target.addUser(stored) }
        }
        for property in [defaultProperty] + properties {
            for gate in try await source.gates(property: property.id) {
                if let lastSeen = gate.lastSeen { try await target.noteContact(kioskID: gate.kioskID, property: property.id, at: lastSeen) }
            }
        }
        try await target.importAlerts(try await source.alerts(property: nil, events: nil, since: nil), now: now)
        var cursor: Int64 = 0
        while true {
            let events = try await source.storedEvents(after: cursor, limit: batchSize)
            guard let last = events.last else { break }
            try await target.importEvents(events)
            cursor = last.cursor
        }
        let copied = try await source.counts()
        let arrived = try await target.counts()
        guard copied == arrived else {
            throw KioskError(
                .ioError,
                "the copy does not match: the SQLite hub holds \(copied), the PostgreSQL one \(arrived); was a hub still running on it?"
            )
        }
        return arrived
    }
}
