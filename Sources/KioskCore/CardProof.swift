/// What a read proves about the card, as the check-in decision takes it: the SUN checked with the PG's keys, before
/// its counter is compared with those the kiosk knows.
public enum CardProof: Sendable, Hashable {
    /// No SUN keys are configured: cards are known by their UID alone.
    case uidOnly
    /// Keys are configured and the card showed no SUN (or the read broke off).
    case noSun
    /// A genuine SUN of this UID with its read counter.
    case sun(counter: Int64)
    /// A SUN the keys do not make, or one of another UID.
    case forged
}

/// What the kiosk knows of one tag from every event it holds (its own and other gates' pulled): whether it is
/// secured, and the highest SUN counter seen.
public struct TagSecurity: Sendable, Hashable {
    /// The highest `sunCounter` of any event of the tag; nil when none carries one (the tag is not secured).
    public var highestCounter: Int64?

    public init(highestCounter: Int64?) {
        self.highestCounter = highestCounter
    }

    /// A tag becomes secured with its first verified SUN, and must prove itself at every read from then on.
    public var isSecured: Bool { highestCounter != nil }

    /// The counter to record with a read proving `proof`, nil for a read without SUN, or why the read is refused.
    public func judge(_ proof: CardProof, requireSun: Bool) -> Result<Int64?, CardRefusal> {
        switch proof {
        case .uidOnly: .success(nil)
        case .noSun: isSecured || requireSun ? .failure(.notVerified) : .success(nil)
        case .forged: .failure(.forged)
        // NTAG424.md step 10: a UID never seen counts as 0, and a genuine tag never shows counter 0.
        case .sun(let counter): counter > (highestCounter ?? 0) ? .success(counter) : .failure(.replayed)
        }
    }
}
