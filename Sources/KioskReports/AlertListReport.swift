public import Foundation
public import KioskCore

/// `kiosk-hub alerts list`: each alert with its delivery state to each channel, as text or JSON.
public struct AlertListReport: Sendable {
    public let alerts: [AlertRecord]
    public let timeZone: TimeZone

    public init(_ alerts: [AlertRecord], timeZone: TimeZone) {
        self.alerts = alerts
        self.timeZone = timeZone
    }

    /// One line per alert: when it was made, its kind and what it is about, then each channel's state.
    public var text: String {
        guard !alerts.isEmpty else { return "no alerts\n" }
        return alerts.map { record in
            let alert = record.alert
            let about =
                alert.students.isEmpty
                ? [alert.kiosk.map { "gate \($0)" }, alert.uid.map { "card \($0)" }].compactMap { $0 }.joined(separator: " ")
                : alert.students.map { "\($0.studentId) \($0.name) (room \($0.room))" }.joined(separator: ", ")
            let deliveries =
                record.deliveries.isEmpty
                ? "no channel" : record.deliveries.map { "\($0.channel): \(Self.state($0))" }.joined(separator: "; ")
            return
                "\(Timestamp.format(record.createdAt, in: timeZone)) \(alert.event.rawValue) at \(alert.at): \(about) [\(deliveries)] id \(alert.id)"
        }
        .joined(separator: "\n") + "\n"
    }

    /// An array of the alerts' JSON, each with `createdAt` and `deliveries` (`reason`: a card alert's, else null).
    public var json: String {
        JSONValue.array(
            alerts.map { record in
                let alert = record.alert
                return .object([
                    ("id", .string(alert.id)), ("event", .string(alert.event.rawValue)), ("property", .string(alert.property)),
                    ("at", .string(alert.at)),
                    (
                        "students",
                        .array(
                            alert.students.map {
                                .object([
                                    ("studentId", .string($0.studentId)), ("name", .string($0.name)), ("room", .string($0.room)),
                                    ("lastOut", .string(orNull: $0.lastOut)),
                                ])
                            }
                        )
                    ),
                    ("kiosk", .string(orNull: alert.kiosk)), ("uid", .string(orNull: alert.uid)), ("reason", .string(orNull: alert.reason)),
                    ("createdAt", .string(Timestamp.format(record.createdAt, in: timeZone))),
                    (
                        "deliveries",
                        .array(
                            record.deliveries.map {
                                .object([
                                    ("channel", .string($0.channel)), ("state", .string($0.state.rawValue)), ("attempts", .int($0.attempts)),
                                    ("lastError", .string(orNull: $0.lastError)),
                                    ("updatedAt", .string(Timestamp.format($0.updatedAt, in: timeZone))),
                                ])
                            }
                        )
                    ),
                ])
            }
        ).serialized() + "\n"
    }

    /// `delivered`, `pending (3 attempts: HTTP 503)`, `failed (…)`.
    public static func state(_ delivery: AlertRecord.Delivery) -> String {
        guard delivery.state != .delivered else { return "delivered" }
        let attempts = delivery.attempts == 1 ? "1 attempt" : "\(delivery.attempts) attempts"
        return "\(delivery.state.rawValue) (\(attempts)\(delivery.lastError.map { ": \($0)" } ?? ""))"
    }
}
