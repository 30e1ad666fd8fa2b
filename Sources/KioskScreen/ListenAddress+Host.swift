public import KioskCore

extension ListenAddress {
    /// Whether a request whose `Host` header is `header` was meant for this address: the address itself, or
    /// `localhost` with its port when it is a loopback address; any host when it listens on every interface. A page
    /// of another site that a rebound DNS name points at this address names that site instead, and is refused.
    public func isNamed(byHost header: String?) -> Bool {
        if ["0.0.0.0", "::"].contains(host) { return true }
        guard let header = header?.lowercased() else { return false }
        if header == description.lowercased() { return true }
        let loopback = host == "::1" || host.hasPrefix("127.")
        return loopback && header == "localhost:\(port)"
    }
}
