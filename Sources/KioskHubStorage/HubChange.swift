/// A commit that something open in a hub process depends on: the Today pages and alert decisions of a property, or
/// the console's live sessions. `HubStore` announces each one after committing it, through the database to every hub
/// process sharing it (`HubStorage.announce`).
public enum HubChange: Sendable, Hashable {
    /// What a property's attendance day is computed from changed: its events, roster or passes.
    case day(property: String)
    /// A gate of a property was heard from for the first time in a while (by this process): its alerts may be due
    /// (`gate_back`, or `gate_offline` once it falls silent).
    case gates(property: String)
    /// A session ended, or a user was disabled or given a new password.
    case sessions
    /// Something changed that this process cannot name (a commit by another process to a SQLite hub, or
    /// notifications missed while the database was out of reach): everything is looked at again.
    case everything

    /// The change as the payload of a PostgreSQL notification.
    package var payload: String {
        switch self {
        case .day(let property): "day:" + property
        case .gates(let property): "gates:" + property
        case .sessions: "sessions"
        case .everything: "everything"
        }
    }

    /// The change a notification's payload names; nil for a payload this version does not know.
    package init?(payload: String) {
        switch payload {
        case "sessions": self = .sessions
        case "everything": self = .everything
        case let day where day.hasPrefix("day:"): self = .day(property: String(day.dropFirst(4)))
        case let gates where gates.hasPrefix("gates:"): self = .gates(property: String(gates.dropFirst(6)))
        default: return nil
        }
    }

    /// Whether a property's day may have changed with this.
    public func changesDay(of property: String) -> Bool {
        switch self {
        case .day(let changed): changed == property
        case .gates, .sessions: false
        case .everything: true
        }
    }

    /// Whether a session may have ended with this.
    public var mayEndSessions: Bool {
        self == .sessions || self == .everything
    }
}
