public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addProperty(_ property: HubProperty, createdAt: Date) async throws(KioskError) -> Bool {
        let row = PropertyRow(property)
        return try await failing("write failed") {
            let inserted = try await query(
                """
                INSERT INTO property (id, name, timezone, day_starts_at, curfew, debounce_seconds, initial_state, created_at)
                VALUES (\(row.id), \(row.name), \(row.timeZone), \(row.dayStartsAt), \(row.curfew), \(row.debounceSeconds),
                    \(row.initialState), \(createdAt.storeMillis))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """
            )
            return !inserted.isEmpty
        }
    }

    public func properties() async throws(KioskError) -> [HubProperty] {
        let rows = try await failing("read failed") {
            var rows: [PropertyRow] = []
            for (id, name, zone, start, curfew, debounce, state) in try await query(
                """
                SELECT id, name, timezone, day_starts_at, curfew, debounce_seconds, initial_state FROM property
                ORDER BY id
                """
            ).decode((String, String, String, String, String, Int32, String).self) {
                rows.append(
                    PropertyRow(
                        id: id,
                        name: name,
                        timeZone: zone,
                        dayStartsAt: start,
                        curfew: curfew,
                        debounceSeconds: Int(debounce),
                        initialState: state
                    )
                )
            }
            return rows
        }
        return try rows.map { row throws(KioskError) in try row.property() }
    }

    public func counts() async throws(KioskError) -> HubStoreCounts {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT (SELECT COUNT(*) FROM property), (SELECT COUNT(*) FROM student), (SELECT COUNT(*) FROM tag),
                    (SELECT COUNT(*) FROM token), (SELECT COUNT(*) FROM event), (SELECT COUNT(*) FROM hub_user), (SELECT COUNT(*) FROM alert)
                """
            ).decode((Int64, Int64, Int64, Int64, Int64, Int64, Int64).self)
            for (properties, students, tags, tokens, events, users, alerts) in rows {
                return HubStoreCounts(
                    properties: Int(properties),
                    students: Int(students),
                    tags: Int(tags),
                    tokens: Int(tokens),
                    events: Int(events),
                    users: Int(users),
                    alerts: Int(alerts)
                )
            }
            return HubStoreCounts(properties: 0, students: 0, tags: 0, tokens: 0, events: 0, users: 0, alerts: 0)
        }
    }
}
