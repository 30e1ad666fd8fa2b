/// The answer to `GET /v1/kiosks/self` (CONTRACT.md "Backups, and the gates as the hub's second copy"): how much of the
/// asking kiosk's log of events the hub holds. A hub restored from an older copy holds less than the kiosk saw
/// acknowledged, and the kiosk pushes again every event after `heldThroughSeq`.
public struct KioskHolding: Codable, Sendable, Hashable {
    public var kioskId: String
    public var property: String
    /// The highest seq up to which the hub holds every event of this kiosk (0 for none).
    public var heldThroughSeq: Int64
    /// The highest seq of this kiosk's events the hub holds: below what the kiosk saw acknowledged only after a loss
    /// (an event the kiosk quarantined leaves a gap below it, never a loss).
    public var highestSeq: Int64
    /// The cursor of the latest event in the hub's pull feed (`GET /v1/events`): a kiosk that pulled past it pulled from
    /// a copy the hub has since lost, and pulls again from here.
    public var feedCursor: Int64

    public init(kioskId: String, property: String, heldThroughSeq: Int64, highestSeq: Int64, feedCursor: Int64) {
        self.kioskId = kioskId
        self.property = property
        self.heldThroughSeq = heldThroughSeq
        self.highestSeq = highestSeq
        self.feedCursor = feedCursor
    }
}
