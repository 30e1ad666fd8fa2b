/// The body of `POST /v1/events`: one kiosk's events, oldest first.
public struct EventBatch: Codable, Sendable, Hashable {
    /// The kiosk sending the batch; every event must carry the same id.
    public var kioskId: String
    public var events: [WireEvent]

    public init(kioskId: String, events: [WireEvent]) {
        self.kioskId = kioskId
        self.events = events
    }
}

/// What the hub did with one event of a batch.
public enum EventDisposition: String, Codable, Sendable, Hashable, CaseIterable {
    /// Stored now.
    case accepted
    /// Already stored by an earlier push; not stored again.
    case duplicate
    /// Refused for good; `reason` says why. The kiosk quarantines it.
    case rejected
}

/// The hub's answer for one event id.
public struct EventResult: Codable, Sendable, Hashable {
    public var id: String
    public var status: EventDisposition
    /// Why the event was rejected; nil otherwise.
    public var reason: String?

    public init(id: String, status: EventDisposition, reason: String? = nil) {
        self.id = id
        self.status = status
        self.reason = reason
    }
}

/// The answer to `POST /v1/events`: one result per event of the batch, in the batch's order.
public struct EventBatchResponse: Codable, Sendable, Hashable {
    public var results: [EventResult]

    public init(results: [EventResult]) {
        self.results = results
    }
}
