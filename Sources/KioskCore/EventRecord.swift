public import Foundation

/// What kind of record an event is: a card read of a known tag, a warden's manual entry, or a read of a tag that
/// maps to no active student.
public enum EventKind: String, Sendable, Hashable, CaseIterable {
    case tap
    case manual
    case unknown
}

/// The decision recorded with an event when it was made.
public enum EventOutcome: String, Sendable, Hashable, CaseIterable {
    case accepted
    case ignored
    case unknown
    /// The card could not be verified (its `CardRefusal` in the event's reason): no state changes.
    case refused
}

/// One recorded read or manual entry as every store keeps it (the kiosk's journal and the hub), whatever kiosk
/// recorded it. `seq` counts the recording kiosk's events from 1; `direction` is given exactly when the outcome
/// is accepted.
public struct EventRecord: Sendable, Hashable {
    public var id: EventID
    public var kioskID: String
    public var seq: Int64
    public var reader: String
    public var uid: TagUID?
    public var studentID: String?
    public var kind: EventKind
    public var direction: Direction?
    public var outcome: EventOutcome
    /// A manual entry's reason.
    public var reason: String?
    public var occurredAt: Date
    public var recordedAt: Date
    /// CLOCK_MONOTONIC of the recording host when it recorded the event, in nanoseconds.
    public var monotonicNanoseconds: Int64
    /// The recording host's boot (`/proc/sys/kernel/random/boot_id`).
    public var bootID: String
    /// Whether the recording host's clock was synchronised.
    public var clockSynchronised: Bool
    /// The read counter of the card's verified SUN (CONTRACT.md "Cards that cannot be cloned"): a tag with one is
    /// secured. Nil for a read without one, a refused read and a manual entry.
    public var sunCounter: Int64?

    public init(
        id: EventID,
        kioskID: String,
        seq: Int64,
        reader: String,
        uid: TagUID?,
        studentID: String?,
        kind: EventKind,
        direction: Direction?,
        outcome: EventOutcome,
        reason: String?,
        occurredAt: Date,
        recordedAt: Date,
        monotonicNanoseconds: Int64,
        bootID: String,
        clockSynchronised: Bool,
        sunCounter: Int64? = nil
    ) {
        self.id = id
        self.kioskID = kioskID
        self.seq = seq
        self.reader = reader
        self.uid = uid
        self.studentID = studentID
        self.kind = kind
        self.direction = direction
        self.outcome = outcome
        self.reason = reason
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.monotonicNanoseconds = monotonicNanoseconds
        self.bootID = bootID
        self.clockSynchronised = clockSynchronised
        self.sunCounter = sunCounter
    }

    /// Why the read was refused, for an event with outcome refused (its reason).
    public var refusal: CardRefusal? {
        outcome == .refused ? reason.flatMap(CardRefusal.init(rawValue:)) : nil
    }

    /// The accepted tap this event is, or nil when it was not accepted.
    public var acceptedTap: AcceptedTap? {
        guard outcome == .accepted, let studentID, let direction else { return nil }
        return AcceptedTap(studentID: studentID, occurredAt: occurredAt, direction: direction, eventID: id)
    }
}
