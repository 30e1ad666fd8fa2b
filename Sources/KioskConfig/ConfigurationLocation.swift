public import KioskCore

/// A configuration file chosen by the search order, and what chose it.
public struct ConfigurationLocation: Sendable, Hashable {
    /// What named the file, in the order they are tried.
    public enum Source: Sendable, Hashable {
        /// `--config PATH`.
        case option
        /// `$KIOSK_CONFIG`.
        case environment
        /// `./kiosk.conf`.
        case workingDirectory
        /// `/etc/kiosk/kiosk.conf`.
        case system
    }

    /// The file's absolute path.
    public let path: String
    public let source: Source

    /// Whether the user named the file, so that a missing or unreadable file is an error, not a fallback.
    public var isExplicit: Bool { source == .option || source == .environment }
}

/// The configuration in effect, and the file it was read from (for `kiosk status`).
public struct LoadedConfiguration: Sendable {
    public let configuration: KioskConfiguration
    /// The file read, or nil when no configuration file exists and the defaults apply.
    public let path: String?
}
