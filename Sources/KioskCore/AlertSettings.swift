/// What the hub tells wardens about without being watched (`[alerts]` in its configuration).
public struct AlertSettings: Sendable, Hashable {
    /// `not_returned` fires this long after curfew.
    public var graceMinutes: Int
    /// A gate silent this many seconds is offline (three missed heartbeats by default).
    public var gateOfflineSeconds: Int
    /// One card accepted at two gates within this many seconds is `card_shared`.
    public var travelSeconds: Int
    /// Where alerts go; none means alerts are only listed.
    public var channels: [AlertChannel]
    /// Parents hear of their child leaving on a pass, returning from it, and not returning by curfew.
    public var notifyParents: Bool

    public init(
        graceMinutes: Int = 15,
        gateOfflineSeconds: Int = 90,
        travelSeconds: Int = 30,
        channels: [AlertChannel] = [],
        notifyParents: Bool = false
    ) {
        self.graceMinutes = graceMinutes
        self.gateOfflineSeconds = gateOfflineSeconds
        self.travelSeconds = travelSeconds
        self.channels = channels
        self.notifyParents = notifyParents
    }
}

/// The kinds of alert.
public enum AlertEvent: String, Sendable, Hashable, CaseIterable, Codable {
    case notReturned = "not_returned"
    case lateArrival = "late_arrival"
    case gateOffline = "gate_offline"
    case gateBack = "gate_back"
    case unknownCard = "unknown_card"
    /// A kiosk's checkpoint of its signed log was refused (CONTRACT.md "Signed logs").
    case logInconsistent = "log_inconsistent"
    /// A card could not be verified at a gate, or its SUN counters did not increase across gates.
    case cardRefused = "card_refused"
    /// One card accepted at two gates too close in time for one person to have gone between them.
    case cardShared = "card_shared"
    /// A pass request sent to one parent, with their approval link.
    case passRequest = "pass_request"
    /// A student left on a pass (to their parents).
    case studentLeft = "student_left"
    /// A student came back after leaving on a pass (to their parents).
    case studentReturned = "student_returned"
}

/// One place alerts are delivered to.
public struct AlertChannel: Sendable, Hashable {
    /// How an alert reaches it.
    public enum Delivery: Sendable, Hashable {
        /// POST of the alert's JSON, signed with HMAC-SHA256 under the secret in `secretFile`.
        case webhook(url: String, secretFile: String?)
        /// A program that gets the alert's JSON on standard input; exit 0 is delivered.
        case command([String])
    }

    public var delivery: Delivery
    /// The kinds of alert it gets.
    public var events: Set<AlertEvent>

    public init(delivery: Delivery, events: Set<AlertEvent> = Set(AlertEvent.allCases)) {
        self.delivery = delivery
        self.events = events
    }

    /// A name that stays the same while the channel's configuration does: its delivery state is kept under it.
    public var key: String {
        switch delivery {
        case .webhook(let url, _): "webhook " + url
        case .command(let arguments): "command " + arguments.joined(separator: " ")
        }
    }
}
