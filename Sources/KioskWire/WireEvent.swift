/// What kind of record an event is: a card read of a known tag, a warden's manual entry, or a read of an
/// unknown tag.
public enum WireEventKind: String, Codable, Sendable, Hashable, CaseIterable {
    case tap
    case manual
    case unknown
}

/// The decision recorded for an event when it was made.
public enum WireEventOutcome: String, Codable, Sendable, Hashable, CaseIterable {
    case accepted
    case ignored
    case unknown
    /// The card could not be verified (the reason names why: `CardRefusal`).
    case refused
}

/// One journaled event as it travels between a kiosk and the hub. Instants are ISO 8601 with an offset;
/// `id` is globally unique (a UUID), `seq` counts the kiosk's events from 1.
public struct WireEvent: Codable, Sendable, Hashable {
    public var id: String
    public var kioskId: String
    public var seq: Int64
    public var reader: String
    public var uid: String?
    public var studentId: String?
    public var kind: WireEventKind
    public var direction: WireDirection?
    public var outcome: WireEventOutcome
    public var reason: String?
    public var occurredAt: String
    public var recordedAt: String
    public var monotonicNs: Int64
    public var bootId: String
    public var clockSynced: Bool
    /// The read counter of the card's verified SUN; absent for a read without one.
    public var sunCounter: Int64?
    /// The read's time corrected from the hub's clock, in the hub's event feed only (CONTRACT.md "Time of a read");
    /// not part of the event's leaf.
    public var correctedAt: String?

    public init(
        id: String,
        kioskId: String,
        seq: Int64,
        reader: String,
        uid: String?,
        studentId: String?,
        kind: WireEventKind,
        direction: WireDirection?,
        outcome: WireEventOutcome,
        reason: String?,
        occurredAt: String,
        recordedAt: String,
        monotonicNs: Int64,
        bootId: String,
        clockSynced: Bool,
        sunCounter: Int64? = nil,
        correctedAt: String? = nil
    ) {
        self.id = id
        self.kioskId = kioskId
        self.seq = seq
        self.reader = reader
        self.uid = uid
        self.studentId = studentId
        self.kind = kind
        self.direction = direction
        self.outcome = outcome
        self.reason = reason
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.monotonicNs = monotonicNs
        self.bootId = bootId
        self.clockSynced = clockSynced
        self.sunCounter = sunCounter
        self.correctedAt = correctedAt
    }
}

/// The direction of an accepted tap.
public enum WireDirection: String, Codable, Sendable, Hashable, CaseIterable {
    case `in`
    case out
}
