public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addProperty(_ property: HubProperty, createdAt: Date) async throws(KioskError) -> Bool {
        let row = PropertyRow(property)
        return try await failing("write failed") {
            let inserted = try await client.query(
                """
                INSERT INTO property (id, name, timezone, day_starts_at, curfew, debounce_seconds, initial_state, created_at)
                VALUES (\(row.id), \(row.name), \(row.timeZone), \(row.dayStartsAt), \(row.curfew), \(row.debounceSeconds),
                    \(row.initialState), \(createdAt.storeMillis))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """,
                logger: logger
            ).collect()
            return !inserted.isEmpty
        }
    }

    public func properties() async throws(KioskError) -> [HubProperty] {
        let rows = try await failing("read failed") {
            var rows: [PropertyRow] = []
            for try await (id, name, zone, start, curfew, debounce, state) in try await client.query(
                """
                SELECT id, name, timezone, day_starts_at, curfew, debounce_seconds, initial_state FROM property
                ORDER BY id COLLATE "C"
                """,
                logger: logger
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
}
