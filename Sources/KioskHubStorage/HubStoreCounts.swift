public import Foundation
public import KioskCore

/// How many rows of each kind a hub database holds, to verify a copy (`kiosk-hub migrate-store`).
public struct HubStoreCounts: Sendable, Hashable, CustomStringConvertible {
    public var properties: Int
    public var students: Int
    public var tags: Int
    public var tokens: Int
    public var events: Int
    /// Web console accounts.
    public var users: Int
    /// Alerts in the outbox, whatever became of their deliveries.
    public var alerts: Int

    public init(properties: Int, students: Int, tags: Int, tokens: Int, events: Int, users: Int, alerts: Int) {
        self.properties = properties
        self.students = students
        self.tags = tags
        self.tokens = tokens
        self.events = events
        self.users = users
        self.alerts = alerts
    }

    /// Whether the database holds nothing at all.
    public var isEmpty: Bool { self == HubStoreCounts(properties: 0, students: 0, tags: 0, tokens: 0, events: 0, users: 0, alerts: 0) }

    public var description: String {
        [
            Self.count(properties, "property", "properties") + " besides default", Self.count(students, "student", "students"),
            Self.count(tags, "tag", "tags"), Self.count(tokens, "token", "tokens"), Self.count(events, "event", "events"),
            Self.count(users, "user", "users"), Self.count(alerts, "alert", "alerts"),
        ].joined(separator: ", ")
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}

/// One stored event as a copy of the database needs it: its place in the pull feed, its property and when it arrived.
public struct StoredEvent: Sendable, Hashable {
    public let cursor: Int64
    public let property: String
    public let receivedAt: Date
    public let record: EventRecord

    package init(cursor: Int64, property: String, receivedAt: Date, record: EventRecord) {
        self.cursor = cursor
        self.property = property
        self.receivedAt = receivedAt
        self.record = record
    }
}
