public import Foundation

/// An accepted tap (card or manual) of one student: the facts attendance is computed from.
public struct AcceptedTap: Sendable, Hashable {
    public let studentID: String
    public let occurredAt: Date
    public let direction: Direction
    /// Breaks ties between taps at the same instant: the one recorded later counts as later.
    public let eventID: EventID

    public init(studentID: String, occurredAt: Date, direction: Direction, eventID: EventID) {
        self.studentID = studentID
        self.occurredAt = occurredAt
        self.direction = direction
        self.eventID = eventID
    }

    /// Whether this tap comes before `other` in attendance order.
    public func precedes(_ other: AcceptedTap) -> Bool {
        (occurredAt, eventID) < (other.occurredAt, other.eventID)
    }
}

/// What the kiosk decided for a read of an active student's tag.
public enum TapDecision: Sendable, Hashable {
    /// The tap counts, in this direction.
    case accepted(Direction)
    /// The tap falls within the debounce window of `previous`, so it changes nothing.
    case ignored(previous: AcceptedTap)
}
