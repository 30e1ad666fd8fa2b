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
