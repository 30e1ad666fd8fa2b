/// The `[cards]` section: whether cards must prove themselves with NTAG 424 DNA's SUN (CONTRACT.md "Cards that cannot
/// be cloned").
public struct CardSettings: Sendable, Hashable {
    /// The AES keys of the PG's SUN cards; nil: cards are known by their UID alone.
    public var sunKeysFile: String?
    /// Every read without a valid SUN is refused, whatever the card.
    public var requireSun: Bool

    public init(sunKeysFile: String? = nil, requireSun: Bool = false) {
        self.sunKeysFile = sunKeysFile
        self.requireSun = requireSun
    }
}
