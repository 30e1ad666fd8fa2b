/// Why a card read was refused (CONTRACT.md "Cards that cannot be cloned"): the read is journaled with outcome
/// `refused` and this reason, and changes no state.
public enum CardRefusal: String, Error, Sendable, Hashable, CaseIterable {
    /// No SUN from a secured tag, or from any tag with `require_sun`: a UID-only clone, a keyboard wedge, a read broken off.
    case notVerified = "not_verified"
    /// The SUN's MAC or UID does not match: not made by a tag holding the PG's keys.
    case forged
    /// A genuine SUN whose counter is not above the highest known for the tag: a recorded message shown again.
    case replayed
}
