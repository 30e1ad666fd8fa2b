import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func deliveryCounts() async throws(KioskError) -> [String: DeliveryCounts] {
        try await database.read { db in
            var counts: [String: DeliveryCounts] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT alert.property_id, alert_delivery.state, COUNT(*) AS count FROM alert_delivery
                    JOIN alert ON alert.id = alert_delivery.alert_id
                    WHERE alert_delivery.state IN ('pending', 'failed') GROUP BY alert.property_id, alert_delivery.state
                    """
            ) {
                let property: String = row["property_id"]
                let state: String = row["state"]
                let count: Int = row["count"]
                if state == "pending" {
                    counts[property, default: DeliveryCounts()].pending = count
                } else {
                    counts[property, default: DeliveryCounts()].failed = count
                }
            }
            return counts
        }
    }
}
