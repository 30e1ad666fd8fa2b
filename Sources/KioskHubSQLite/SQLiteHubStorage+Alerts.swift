public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func addAlert(_ alert: Alert, property: String, channels: [String], createdAt: Date) async throws(KioskError) -> Bool {
        let body = String(decoding: alert.json, as: UTF8.self)
        return try await database.write { db in
            try db.execute(
                sql: "INSERT INTO alert (id, property_id, event, kiosk_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING",
                arguments: [alert.id, property, alert.event.rawValue, alert.kiosk, body, createdAt.storeMillis]
            )
            guard db.changesCount == 1 else { return false }
            for channel in channels {
                try db.execute(
                    sql: """
                        INSERT INTO alert_delivery (alert_id, channel, state, attempts, next_attempt_at, updated_at)
                        VALUES (?, ?, 'pending', 0, ?, ?)
                        """,
                    arguments: [alert.id, channel, createdAt.storeMillis, createdAt.storeMillis]
                )
            }
            return true
        }
    }

    public func alerts(property: String?, events: [AlertEvent]?, since: Date?) async throws(KioskError) -> [AlertRecord] {
        try await database.read { db in
            var sql = "SELECT id, body, created_at FROM alert WHERE created_at >= ?"
            var arguments: StatementArguments = [since?.storeMillis ?? Int64.min]
            if let property {
                sql += " AND property_id = ?"
                arguments += [property]
            }
            if let events {
                sql += " AND event IN (\(events.map { _ in "?" }.joined(separator: ", ")))"
                arguments += StatementArguments(events.map(\.rawValue))
            }
            sql += " ORDER BY created_at DESC, id"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row -> AlertRecord? in
                guard let alert = try? JSONDecoder().decode(Alert.self, from: Data((row["body"] as String).utf8)) else { return nil }
                let deliveries = try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM alert_delivery WHERE alert_id = ? ORDER BY channel",
                    arguments: [alert.id]
                ).map(Self.delivery)
                return AlertRecord(alert: alert, createdAt: Date(storeMillis: row["created_at"]), deliveries: deliveries)
            }
        }
    }

    public func latestAlert(property: String, event: AlertEvent, kioskID: String) async throws(KioskError) -> Alert? {
        try await database.read { db in
            let body = try String.fetchOne(
                db,
                sql: "SELECT body FROM alert WHERE property_id = ? AND event = ? AND kiosk_id = ? ORDER BY created_at DESC, id LIMIT 1",
                arguments: [property, event.rawValue, kioskID]
            )
            return body.flatMap { try? JSONDecoder().decode(Alert.self, from: Data($0.utf8)) }
        }
    }

    public func claimDueDeliveries(now: Date, leaseUntil: Date, channels: DeliveryChannels, limit: Int) async throws(KioskError) -> [DueDelivery] {
        var arguments: StatementArguments = [now.storeMillis, now.storeMillis, channels.only, channels.only]
        arguments += StatementArguments(channels.excluded)
        arguments += [limit]
        return try await database.write { [arguments] db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT d.alert_id, d.channel, d.attempts, a.body, a.created_at FROM alert_delivery d JOIN alert a ON a.id = d.alert_id
                    WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until <= ?)
                        AND (? IS NULL OR d.channel = ?) AND d.channel NOT IN (\(channels.excluded.map { _ in "?" }.joined(separator: ", ")))
                    ORDER BY d.next_attempt_at LIMIT ?
                    """,
                arguments: arguments
            )
            var due: [DueDelivery] = []
            for row in rows {
                guard let alert = try? JSONDecoder().decode(Alert.self, from: Data((row["body"] as String).utf8)) else { continue }
                try db.execute(
                    sql: "UPDATE alert_delivery SET lease_until = ? WHERE alert_id = ? AND channel = ?",
                    arguments: [leaseUntil.storeMillis, alert.id, row["channel"] as String]
                )
                due.append(
                    DueDelivery(alert: alert, channel: row["channel"], attempts: row["attempts"], createdAt: Date(storeMillis: row["created_at"]))
                )
            }
            return due
        }
    }

    public func finishDelivery(_ delivery: DueDelivery, outcome: DeliveryOutcome) async throws(KioskError) {
        let (state, error, at, next) = outcome.columns
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE alert_delivery SET state = ?, attempts = attempts + 1, last_error = ?, updated_at = ?,
                        next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL
                    WHERE alert_id = ? AND channel = ? AND state = 'pending'
                    """,
                arguments: [state.rawValue, error, at.storeMillis, next?.storeMillis, delivery.alert.id, delivery.channel]
            )
            // A parent's link goes once no channel is still to get it: only its hash stays.
            try db.execute(
                sql: """
                    UPDATE alert SET body = json_remove(body, '$.approvalUrl')
                    WHERE id = ? AND event = 'pass_request'
                        AND NOT EXISTS (SELECT 1 FROM alert_delivery WHERE alert_id = alert.id AND state = 'pending')
                    """,
                arguments: [delivery.alert.id]
            )
        }
    }

    private static func delivery(_ row: Row) -> AlertRecord.Delivery {
        AlertRecord.Delivery(
            channel: row["channel"],
            state: AlertDeliveryState(rawValue: row["state"]) ?? .pending,
            attempts: row["attempts"],
            lastError: row["last_error"],
            updatedAt: Date(storeMillis: row["updated_at"])
        )
    }
}
