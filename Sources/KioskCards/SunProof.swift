public import KioskCore

/// What a verified SUN proves: the tag's UID and its read counter at this read.
public struct SunProof: Sendable, Hashable {
    public let uid: TagUID
    /// SDMReadCtr, 1 to 2^24 - 1.
    public let counter: UInt32

    public init(uid: TagUID, counter: UInt32) {
        self.uid = uid
        self.counter = counter
    }
}
