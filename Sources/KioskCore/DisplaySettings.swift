/// The `[display]` section: the gate's screen page (CONTRACT.md "The gate's screen").
public struct DisplaySettings: Sendable, Hashable {
    /// Where `kiosk run` serves the screen page; nil: no screen page.
    public var web: ListenAddress?
    /// How long a greeting (outcome, name, room, photo) stays on the screen.
    public var greetingSeconds: Int

    public init(web: ListenAddress? = nil, greetingSeconds: Int = 4) {
        self.web = web
        self.greetingSeconds = greetingSeconds
    }
}

/// A host and a TCP port to listen on, written `host:port` (`[::1]:8090` for an IPv6 address).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// Reads `host:port`; nil when the text is not one (no port, a port outside 1...65535, an empty host).
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
