public import KioskCore
public import KioskHubStorage
import PostgresNIO

extension PostgresHubStorage {
    public func deliveryCounts() async throws(KioskError) -> [String: DeliveryCounts] {
        try await failing("read failed") {
            var counts: [String: DeliveryCounts] = [:]
            for (property, state, count) in try await query(
                """
                SELECT alert.property_id, alert_delivery.state, COUNT(*) FROM alert_delivery
                JOIN alert ON alert.id = alert_delivery.alert_id
                WHERE alert_delivery.state IN ('pending', 'failed') GROUP BY alert.property_id, alert_delivery.state
                """
            ).decode((String, String, Int64).self) {
                if state == "pending" {
                    counts[property, default: DeliveryCounts()].pending = Int(count)
                } else {
                    counts[property, default: DeliveryCounts()].failed = Int(count)
                }
            }
            return counts
        }
    }
}
