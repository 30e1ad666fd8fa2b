/// The answer to `GET /v1/events?after=CURSOR&limit=N`: other gates' events in the order the hub stored
/// them, and the cursor to ask from next time (the same cursor when nothing is new).
public struct EventPage: Codable, Sendable, Hashable {
    public var events: [WireEvent]
    public var nextCursor: Int64

    public init(events: [WireEvent], nextCursor: Int64) {
        self.events = events
        self.nextCursor = nextCursor
    }
}
