public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addAlert(_ alert: Alert, property: String, channels: [String], createdAt: Date) async throws(KioskError) -> Bool {
        let body = String(decoding: alert.json, as: UTF8.self)
        return try await failing("write failed") {
            try await transaction { connection in
                let inserted = try await run(
                    """
                    INSERT INTO alert (id, property_id, event, kiosk_id, body, created_at)
                    VALUES (\(alert.id), \(property), \(alert.event.rawValue), \(alert.kiosk), \(body), \(createdAt.storeMillis))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """,
                    on: connection
                )
                guard !inserted.isEmpty else { return false }
                _ = try await run(
                    """
                    INSERT INTO alert_delivery (alert_id, channel, state, attempts, next_attempt_at, updated_at)
                    SELECT \(alert.id), channel, 'pending', 0, \(createdAt.storeMillis), \(createdAt.storeMillis) FROM UNNEST(\(channels)::text[]) AS channel
                    """,
                    on: connection
                )
                return true
            }
        }
    }

    /// Stores `records` as they are, each with its deliveries' states, attempts and last errors, in one transaction: the
    /// copy of another hub database (`kiosk-hub migrate-store`), so no alert is decided or sent twice. A pending delivery
    /// is due at `now`; its 24 hours still count from its alert's making. Two statements whatever the number of alerts.
    public func importAlerts(_ records: [AlertRecord], now: Date) async throws(KioskError) {
        let alerts = records.map(\.alert)
        let deliveries = records.flatMap { record in record.deliveries.map { (alertID: record.alert.id, delivery: $0) } }
        try await failing("write failed, no alert was copied") {
            try await transaction { connection in
                try await run(
                    """
                    INSERT INTO alert (id, property_id, event, kiosk_id, body, created_at)
                    SELECT id, property_id, event, CASE WHEN has_kiosk THEN kiosk_id END, body, created_at
                    FROM UNNEST(
                        \(alerts.map(\.id))::text[], \(alerts.map(\.property))::text[], \(alerts.map(\.event.rawValue))::text[],
                        \(alerts.map { $0.kiosk ?? "" })::text[], \(alerts.map { $0.kiosk != nil })::boolean[],
                        \(alerts.map { String(decoding: $0.json, as: UTF8.self) })::text[], \(records.map(\.createdAt.storeMillis))::bigint[]
                    ) AS copied(id, property_id, event, kiosk_id, has_kiosk, body, created_at)
                    """,
                    on: connection
                )
                try await run(
                    """
                    INSERT INTO alert_delivery (alert_id, channel, state, attempts, next_attempt_at, last_error, updated_at)
                    SELECT alert_id, channel, state, attempts, next_attempt_at, CASE WHEN has_last_error THEN last_error END, updated_at
                    FROM UNNEST(
                        \(deliveries.map(\.alertID))::text[], \(deliveries.map(\.delivery.channel))::text[],
                        \(deliveries.map(\.delivery.state.rawValue))::text[], \(deliveries.map { Int32(clamping: $0.delivery.attempts) })::integer[],
                        \(deliveries.map { ($0.delivery.state == .pending ? now : $0.delivery.updatedAt).storeMillis })::bigint[],
                        \(deliveries.map { $0.delivery.lastError ?? "" })::text[], \(deliveries.map { $0.delivery.lastError != nil })::boolean[],
                        \(deliveries.map(\.delivery.updatedAt.storeMillis))::bigint[]
                    ) AS copied(alert_id, channel, state, attempts, next_attempt_at, last_error, has_last_error, updated_at)
                    """,
                    on: connection
                )
            }
        }
    }

    public func alerts(property: String?, events: [AlertEvent]?, since: Date?) async throws(KioskError) -> [AlertRecord] {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT id, body, created_at FROM alert
                WHERE created_at >= \(since?.storeMillis ?? Int64.min) AND (\(property)::text IS NULL OR property_id = \(property))
                    AND (\(events.map { $0.map(\.rawValue) })::text[] IS NULL OR event = ANY(\(events.map { $0.map(\.rawValue) })::text[]))
                ORDER BY created_at DESC, id
                """
            ).decode((String, String, Int64).self)
            var deliveries: [String: [AlertRecord.Delivery]] = [:]
            for (id, channel, state, attempts, error, updated) in try await query(
                """
                SELECT alert_id, channel, state, attempts, last_error, updated_at FROM alert_delivery
                WHERE alert_id = ANY(\(rows.map(\.0))) ORDER BY channel
                """
            ).decode((String, String, String, Int32, String?, Int64).self) {
                deliveries[id, default: []].append(
                    AlertRecord.Delivery(
                        channel: channel,
                        state: AlertDeliveryState(rawValue: state) ?? .pending,
                        attempts: Int(attempts),
                        lastError: error,
                        updatedAt: Date(storeMillis: updated)
                    )
                )
            }
            return rows.compactMap { id, body, created in
                guard let alert = try? JSONDecoder().decode(Alert.self, from: Data(body.utf8)) else { return nil }
                return AlertRecord(alert: alert, createdAt: Date(storeMillis: created), deliveries: deliveries[id] ?? [])
            }
        }
    }

    public func latestAlert(property: String, event: AlertEvent, kioskID: String) async throws(KioskError) -> Alert? {
        try await failing("read failed") {
            let bodies = try await query(
                """
                SELECT body FROM alert WHERE property_id = \(property) AND event = \(event.rawValue) AND kiosk_id = \(kioskID)
                ORDER BY created_at DESC, id LIMIT 1
                """
            ).decode(String.self)
            return bodies.first.flatMap { try? JSONDecoder().decode(Alert.self, from: Data($0.utf8)) }
        }
    }

    public func claimDueDeliveries(now: Date, leaseUntil: Date, channels: DeliveryChannels, limit: Int) async throws(KioskError) -> [DueDelivery] {
        try await failing("write failed") {
            let rows = try await query(
                """
                WITH due AS (
                    SELECT alert_id, channel FROM alert_delivery
                    WHERE state = 'pending' AND next_attempt_at <= \(now.storeMillis) AND (lease_until IS NULL OR lease_until <= \(now.storeMillis))
                        AND (\(channels.only)::text IS NULL OR channel = \(channels.only)) AND NOT (channel = ANY(\(channels.excluded)::text[]))
                    ORDER BY next_attempt_at LIMIT \(limit) FOR UPDATE SKIP LOCKED
                )
                UPDATE alert_delivery d SET lease_until = \(leaseUntil.storeMillis) FROM due, alert a
                WHERE d.alert_id = due.alert_id AND d.channel = due.channel AND a.id = d.alert_id
                RETURNING d.channel, d.attempts, a.body, a.created_at
                """
            ).decode((String, Int32, String, Int64).self)
            return rows.compactMap { channel, attempts, body, created in
                guard let alert = try? JSONDecoder().decode(Alert.self, from: Data(body.utf8)) else { return nil }
                return DueDelivery(alert: alert, channel: channel, attempts: Int(attempts), createdAt: Date(storeMillis: created))
            }
        }
    }

    public func finishDelivery(_ delivery: DueDelivery, outcome: DeliveryOutcome) async throws(KioskError) {
        let (state, error, at, next) = outcome.columns
        try await failing("write failed") {
            try await transaction { connection in
                try await run(
                    """
                    UPDATE alert_delivery SET state = \(state.rawValue), attempts = attempts + 1, last_error = \(error),
                        updated_at = \(at.storeMillis), next_attempt_at = COALESCE(\(next?.storeMillis), next_attempt_at), lease_until = NULL
                    WHERE alert_id = \(delivery.alert.id) AND channel = \(delivery.channel) AND state = 'pending'
                    """,
                    on: connection
                )
                // A parent's link goes once no channel is still to get it: only its hash stays.
                try await run(
                    """
                    UPDATE alert SET body = (body::jsonb - 'approvalUrl')::text
                    WHERE id = \(delivery.alert.id) AND event = 'pass_request'
                        AND NOT EXISTS (SELECT 1 FROM alert_delivery WHERE alert_id = alert.id AND state = 'pending')
                    """,
                    on: connection
                )
            }
        }
    }
}
