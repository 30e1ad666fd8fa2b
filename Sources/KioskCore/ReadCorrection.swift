public import Foundation

/// The corrected time of one read made with an unsynchronised clock (CONTRACT.md "Time of a read"): a fact of its
/// own, recorded by the gate and synced to the hub; the event itself never changes.
public struct ReadCorrection: Sendable, Hashable {
    public let eventID: EventID
    public let correctedAt: Date

    public init(eventID: EventID, correctedAt: Date) {
        self.eventID = eventID
        self.correctedAt = correctedAt
    }
}
