public import KioskCore

/// The body of `POST /v1/corrections`: corrected times of a kiosk's reads (CONTRACT.md "Time of a read").
public struct CorrectionBatch: Codable, Sendable, Hashable {
    public var kioskId: String
    public var corrections: [WireCorrection]

    public init(kioskId: String, corrections: [WireCorrection]) {
        self.kioskId = kioskId
        self.corrections = corrections
    }

    /// The most corrections one batch may carry.
    public static let maximumCorrections = 1000
}

/// One read's corrected time on the wire.
public struct WireCorrection: Codable, Sendable, Hashable {
    /// The corrected event's id.
    public var eventId: String
    /// ISO 8601 with an offset, as `WireTime` writes it.
    public var correctedAt: String

    public init(eventId: String, correctedAt: String) {
        self.eventId = eventId
        self.correctedAt = correctedAt
    }

    public init(_ correction: ReadCorrection) {
        self.init(eventId: correction.eventID.rawValue, correctedAt: WireTime.format(correction.correctedAt))
    }
}

/// The hub's answer to `POST /v1/corrections`: the events whose corrections it now holds. A correction of an event
/// it does not hold (not pushed yet) is left out, to be sent again.
public struct CorrectionBatchResponse: Codable, Sendable, Hashable {
    public var acknowledged: [String]

    public init(acknowledged: [String]) {
        self.acknowledged = acknowledged
    }
}
