public import Foundation

/// What the kiosk tells the student after a read was recorded.
public enum TapOutcome: String, Sendable, Hashable, CaseIterable {
    case `in` = "IN"
    case out = "OUT"
    case ignored = "IGNORED"
    case unknown = "UNKNOWN"
    case refused = "REFUSED"
}

/// A read as it reaches the check-in decision, from a reader or from `kiosk tap`.
public struct TagRead: Sendable, Hashable {
    public let uid: TagUID
    /// The configured reader's name.
    public let reader: String
    public let readerDirection: ReaderDirection
    /// When the card was presented.
    public let occurredAt: Date
    /// What the read proves about the card (its SUN checked with the PG's keys).
    public let proof: CardProof

    public init(uid: TagUID, reader: String, readerDirection: ReaderDirection, occurredAt: Date, proof: CardProof = .uidOnly) {
        self.uid = uid
        self.reader = reader
        self.readerDirection = readerDirection
        self.occurredAt = occurredAt
        self.proof = proof
    }
}

/// A read or manual entry after its transaction committed: safe to show.
public struct RecordedTap: Sendable, Hashable {
    public let eventID: EventID
    public let outcome: TapOutcome
    /// The tag read, or nil for a manual entry.
    public let uid: TagUID?
    /// The student the tag or entry belongs to, when known and active.
    public let student: Student?
    public let occurredAt: Date
    /// For an ignored read: the accepted tap whose debounce window it fell in.
    public let previous: AcceptedTap?
    /// For an OUT: the leave pass of the student that covers it, if the kiosk knows of one.
    public let pass: LeavePass?
    /// For a refused read: why the card could not be verified.
    public let refusal: CardRefusal?

    public init(
        eventID: EventID,
        outcome: TapOutcome,
        uid: TagUID?,
        student: Student?,
        occurredAt: Date,
        previous: AcceptedTap?,
        pass: LeavePass? = nil,
        refusal: CardRefusal? = nil
    ) {
        self.eventID = eventID
        self.outcome = outcome
        self.uid = uid
        self.student = student
        self.occurredAt = occurredAt
        self.previous = previous
        self.pass = pass
        self.refusal = refusal
    }
}
