public import KioskCore

/// What a card's SUN proves about one read, before the counters the kiosk knows are compared: the SUN reading of a
/// presentation verified with the PG's keys.
public enum SunCheck: Sendable, Hashable, CustomStringConvertible {
    /// A genuine SUN of the card read, with its read counter.
    case verified(counter: UInt32)
    /// The card showed no SUN (or the read broke off): `why` says what happened.
    case absent(String)
    /// The card showed a SUN that the keys do not make, or one of another tag's UID.
    case forged(String)

    /// Verifies `reading` of the card whose reader gave `uid` with `keys`; a reader that did not ask gives `absent`.
    public init(_ reading: SunReading?, uid: TagUID, keys: SunKeys) {
        switch reading {
        case nil: self = .absent("the reader did not ask the card")
        case .absent(let absence): self = .absent(absence.description)
        case .interrupted(let why): self = .absent("the read broke off twice: \(why)")
        case .message(let message):
            switch SunVerifier.verify(message, keys: keys) {
            case .success(let proof) where proof.uid == uid: self = .verified(counter: proof.counter)
            case .success(let proof): self = .forged("the SUN is of tag \(proof.uid), not of the card read")
            case .failure(let forgery): self = .forged(forgery.description)
            }
        }
    }

    /// What the check-in decision takes from this check.
    public var proof: CardProof {
        switch self {
        case .verified(let counter): .sun(counter: Int64(counter))
        case .absent: .noSun
        case .forged: .forged
        }
    }

    public var description: String {
        switch self {
        case .verified(let counter): "verified, read counter \(counter)"
        case .absent(let why): "none (\(why))"
        case .forged(let why): "forged (\(why))"
        }
    }
}
