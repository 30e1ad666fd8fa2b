public import Foundation

/// A journaled read of a tag that mapped to no active student when it was recorded.
public struct UnknownRead: Sendable, Hashable {
    public let uid: TagUID
    public let occurredAt: Date

    public init(uid: TagUID, occurredAt: Date) {
        self.uid = uid
        self.occurredAt = occurredAt
    }
}

/// A journaled read of a card that could not be verified (CONTRACT.md "Cards that cannot be cloned").
public struct RefusedRead: Sendable, Hashable {
    public let uid: TagUID
    /// The student the tag was on the roster for, when it was.
    public let studentID: String?
    public let reason: CardRefusal
    public let occurredAt: Date

    public init(uid: TagUID, studentID: String?, reason: CardRefusal, occurredAt: Date) {
        self.uid = uid
        self.studentID = studentID
        self.reason = reason
        self.occurredAt = occurredAt
    }
}
