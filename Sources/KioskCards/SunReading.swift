/// What a reader found when it asked a card for its SUN, before any key is used.
public enum SunReading: Sendable, Hashable {
    /// The card's SUN message, to be verified.
    case message(SunMessage)
    /// The card showed no SUN: a UID-only card or clone (its SELECT refused), a malformed NDEF message, a URI without
    /// the parameters, or a reader that cannot ask (a keyboard wedge).
    case absent(SunAbsence)
    /// The exchange with the card broke off twice (the card was taken away during the read).
    case interrupted(String)
}
