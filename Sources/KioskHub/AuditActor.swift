/// Who made a change the hub's audit log records (LOG-FORMAT.md section 7).
public enum AuditActor: Sendable, Hashable {
    /// A console user, by name.
    case user(String)
    /// A `kiosk-hub` command, by the Unix user who ran it.
    case commandLine(unixUser: String)
    /// A parent deciding a pass request, by the contact the link was sent to.
    case parent(String)
    /// The hub itself.
    case system

    /// `user:NAME`, `cli:UNIXUSER`, `parent:CONTACT` or `system`.
    public var text: String {
        switch self {
        case .user(let name): "user:" + name
        case .commandLine(let unixUser): "cli:" + unixUser
        case .parent(let contact): "parent:" + contact
        case .system: "system"
        }
    }
}
