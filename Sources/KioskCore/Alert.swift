public import Foundation

/// One alert as channels receive it (CONTRACT.md "Alerts"): fields that do not apply are null or empty. Its `id`
/// is derived from what it is about, so the same alert, decided by any hub process, always has the same id.
public struct Alert: Sendable, Hashable, Codable {
    /// A student an alert names.
    public struct Student: Sendable, Hashable, Codable {
        public let studentId: String
        public let name: String
        public let room: String
        /// ISO 8601 with the property's offset, or nil.
        public let lastOut: String?

        public init(studentId: String, name: String, room: String, lastOut: String?) {
            self.studentId = studentId
            self.name = name
            self.room = room
            self.lastOut = lastOut
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(studentId, forKey: .studentId)
            try container.encode(name, forKey: .name)
            try container.encode(room, forKey: .room)
            try container.encode(lastOut, forKey: .lastOut)
        }
    }

    public let id: String
    public let event: AlertEvent
    public let property: String
    /// When what it reports happened: ISO 8601 with the property's offset.
    public let at: String
    public let students: [Student]
    public let kiosk: String?
    public let uid: String?
    /// For `log_inconsistent`: the sizes of the kiosk's log the hub accepted and was refused, and why; absent from the
    /// JSON of every other alert.
    public let log: Log?
    /// For `card_refused` and `card_shared`: what was wrong with the card's reads; absent from the JSON of every other
    /// alert.
    public let reason: String?
    /// For `pass_request`: the request a parent is asked to decide.
    public let request: Request?
    /// For the alerts to parents (`pass_request`, `student_left`, `student_returned` and a `not_returned` of one
    /// student): whom it is for; absent from the JSON of every other alert.
    public let parentContacts: [String]?
    /// For `pass_request`: the parent's own single-use link to the approval page.
    public let approvalUrl: String?

    /// What a `pass_request` alert says of the request; instants are ISO 8601 with the property's offset.
    public struct Request: Sendable, Hashable, Codable {
        public let id: String
        public let studentId: String
        public let from: String
        public let until: String
        public let reason: String

        public init(id: String, studentId: String, from: String, until: String, reason: String) {
            self.id = id
            self.studentId = studentId
            self.from = from
            self.until = until
            self.reason = reason
        }
    }

    /// What a `log_inconsistent` alert says of the refused checkpoint.
    public struct Log: Sendable, Hashable, Codable {
        public let acceptedSize: Int64
        /// Nil when the text was no checkpoint at all.
        public let refusedSize: Int64?
        public let reason: String

        public init(acceptedSize: Int64, refusedSize: Int64?, reason: String) {
            self.acceptedSize = acceptedSize
            self.refusedSize = refusedSize
            self.reason = reason
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(acceptedSize, forKey: .acceptedSize)
            try container.encode(refusedSize, forKey: .refusedSize)
            try container.encode(reason, forKey: .reason)
        }
    }

    public init(
        id: String,
        event: AlertEvent,
        property: String,
        at: String,
        students: [Student] = [],
        kiosk: String? = nil,
        uid: String? = nil,
        log: Log? = nil,
        reason: String? = nil,
        request: Request? = nil,
        parentContacts: [String]? = nil,
        approvalUrl: String? = nil
    ) {
        self.id = id
        self.event = event
        self.property = property
        self.at = at
        self.students = students
        self.kiosk = kiosk
        self.uid = uid
        self.log = log
        self.reason = reason
        self.request = request
        self.parentContacts = parentContacts
        self.approvalUrl = approvalUrl
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(event, forKey: .event)
        try container.encode(property, forKey: .property)
        try container.encode(at, forKey: .at)
        try container.encode(students, forKey: .students)
        try container.encode(kiosk, forKey: .kiosk)
        try container.encode(uid, forKey: .uid)
        try container.encodeIfPresent(log, forKey: .log)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(request, forKey: .request)
        try container.encodeIfPresent(parentContacts, forKey: .parentContacts)
        try container.encodeIfPresent(approvalUrl, forKey: .approvalUrl)
    }

    /// The JSON a channel receives, keys sorted.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// Where an alert stands with one channel.
public enum AlertDeliveryState: String, Sendable, Hashable, Codable {
    /// Not delivered yet; retried with backoff.
    case pending
    case delivered
    /// Not delivered within 24 hours; no longer retried.
    case failed
}

/// An alert with its delivery to each channel, as `alerts list` shows it.
public struct AlertRecord: Sendable, Hashable {
    /// Its delivery to one channel.
    public struct Delivery: Sendable, Hashable {
        public let channel: String
        public let state: AlertDeliveryState
        public let attempts: Int
        public let lastError: String?
        public let updatedAt: Date

        public init(channel: String, state: AlertDeliveryState, attempts: Int, lastError: String?, updatedAt: Date) {
            self.channel = channel
            self.state = state
            self.attempts = attempts
            self.lastError = lastError
            self.updatedAt = updatedAt
        }
    }

    public let alert: Alert
    public let createdAt: Date
    public let deliveries: [Delivery]

    public init(alert: Alert, createdAt: Date, deliveries: [Delivery]) {
        self.alert = alert
        self.createdAt = createdAt
        self.deliveries = deliveries
    }
}
