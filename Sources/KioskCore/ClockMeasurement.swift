public import Foundation

/// One measurement of the gate's clock against the hub's (CONTRACT.md "Time of a read"): the hub's `Hub-Time` read
/// at the midpoint of a request, whose error is at most half the round trip.
public struct ClockMeasurement: Sendable, Hashable {
    /// The boot of the gate's monotonic clock the measurement belongs to.
    public let bootID: String
    /// The gate's monotonic clock at the request's midpoint.
    public let monotonicNanoseconds: UInt64
    /// The hub's clock then.
    public let hubTime: Date
    /// The hub's clock minus the gate's wall clock at the midpoint, in seconds (positive: the gate is behind).
    public let offset: TimeInterval
    /// Half the round trip, in seconds: how far `hubTime` may be from the true midpoint.
    public let error: TimeInterval

    /// Offsets beyond this many seconds correct the unsynchronised reads of their boot.
    public static let correctionThreshold: TimeInterval = 2

    /// The measurement of a request sent at monotonic `sentNanoseconds` (wall `sentAt`) and answered at
    /// `receivedNanoseconds` (wall `receivedAt`) with `Hub-Time` `hubMilliseconds`; nil when the monotonic clock ran
    /// backwards.
    public init?(
        bootID: String,
        sentNanoseconds: UInt64,
        receivedNanoseconds: UInt64,
        sentAt: Date,
        receivedAt: Date,
        hubMilliseconds: Int64
    ) {
        guard receivedNanoseconds >= sentNanoseconds else { return nil }
        let roundTrip = receivedNanoseconds - sentNanoseconds
        self.bootID = bootID
        monotonicNanoseconds = sentNanoseconds + roundTrip / 2
        hubTime = Date(timeIntervalSince1970: Double(hubMilliseconds) / 1000)
        offset = hubTime.timeIntervalSince(sentAt.addingTimeInterval(receivedAt.timeIntervalSince(sentAt) / 2))
        error = Double(roundTrip) / 2e9
    }

    /// Whether the measurement corrects the unsynchronised reads of its boot: its offset exceeds the threshold.
    public var corrects: Bool { abs(offset) > Self.correctionThreshold }

    /// The corrected time of a read made with an unsynchronised clock at monotonic `eventNanoseconds` in `bootID`:
    /// the hub's time at this measurement minus the monotonic time elapsed since the read. Nil when the read is of
    /// another boot, or after the measurement, or the offset is within the threshold.
    public func correctedTime(ofReadAt eventNanoseconds: UInt64, boot eventBootID: String) -> Date? {
        guard corrects, eventBootID == bootID, eventNanoseconds <= monotonicNanoseconds else { return nil }
        return hubTime.addingTimeInterval(-Double(monotonicNanoseconds - eventNanoseconds) / 1e9)
    }
}
