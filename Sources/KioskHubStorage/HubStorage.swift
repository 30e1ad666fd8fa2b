public import Foundation
public import KioskCore
public import ServiceLifecycle

/// Where the hub keeps what it knows, one protocol per concern (properties, events and the feed, rosters and passes,
/// gates and their tokens, accounts and sessions, alerts and their outbox, the kiosks' signed logs, the hub's audit
/// logs, erasure) and what a whole database adds: health, background work, the announcements of its commits. One implementation per database (`SQLiteHubStorage` is the
/// embedded default). Implementations only store and fetch, each property's rows apart; the rules (validation,
/// verdicts, tokens, reports) live once, in `HubStore`.
public protocol HubStorage: PropertyStorage, EventStorage, RosterStorage, GateStorage, AccountStorage, AlertStorage, LogStorage, AuditStorage,
    ErasureStorage, ParentContactStorage, PassRequestStorage, PhotoStorage
{
    /// Whether the database answers a query.
    func isHealthy() async -> Bool
    /// What the storage runs beside a serving hub (the SQLite hub's checkpoints, hearing of other processes'
    /// changes); each may end early.
    var backgroundServices: [any Service] { get }
    /// The changes this process hears of: its own announcements and, while `backgroundServices` run, every other hub
    /// process's sharing the database.
    var changes: HubChanges { get }
    /// Tells every hub process sharing the database (this one included) of `change`, which the caller committed. A
    /// failure is logged, not thrown: what was committed stays committed.
    func announce(_ change: HubChange) async
    /// Returns once every announcement made so far has reached the other processes (or failed to): what a command
    /// does before it ends.
    func announcementsSent() async
    /// How many rows of each kind the database holds.
    func counts() async throws(KioskError) -> HubStoreCounts
}

/// A delivery of one alert to one channel that is due.
public struct DueDelivery: Sendable, Hashable {
    public let alert: Alert
    public let channel: String
    /// Attempts made before this one.
    public let attempts: Int
    /// When the alert was made: deliveries give up 24 hours later.
    public let createdAt: Date

    public init(alert: Alert, channel: String, attempts: Int, createdAt: Date) {
        self.alert = alert
        self.channel = channel
        self.attempts = attempts
        self.createdAt = createdAt
    }
}

/// Whose deliveries a claim takes: one channel's (each channel is delivered to on its own), or those of every
/// channel but the listed ones (the channels a hub has configured: the others are no longer).
public enum DeliveryChannels: Sendable, Hashable {
    case only(String)
    case allBut([String])

    /// The one channel claimed, nil when it is `allBut`.
    package var only: String? {
        guard case .only(let channel) = self else { return nil }
        return channel
    }

    /// The channels not claimed (none when it is `only`).
    package var excluded: [String] {
        guard case .allBut(let channels) = self else { return [] }
        return channels
    }
}

/// What one delivery attempt came to.
public enum DeliveryOutcome: Sendable, Hashable {
    case delivered(at: Date)
    /// Failed with `error`; try again at `nextAttemptAt`.
    case retry(error: String, at: Date, nextAttemptAt: Date)
    /// Failed with `error`, for the last time.
    case failed(error: String, at: Date)
}

/// Which events `HubStorage.events(property:matching:limit:)` returns.
public struct EventFilter: Sendable, Hashable {
    /// Only this student's events, when set.
    public var studentID: String?
    /// Only this kiosk's events, when set.
    public var kioskID: String?
    /// Only events that occurred at or after this instant, when set.
    public var since: Date?

    public init(studentID: String? = nil, kioskID: String? = nil, since: Date? = nil) {
        self.studentID = studentID
        self.kioskID = kioskID
        self.since = since
    }
}

/// A token as the database keeps it: never the token, only its SHA-256.
public struct StoredToken: Sendable, Hashable {
    public let holder: TokenHolder
    public let hash: String
    public let createdAt: Date

    public init(holder: TokenHolder, hash: String, createdAt: Date) {
        self.holder = holder
        self.hash = hash
        self.createdAt = createdAt
    }
}

/// What storing one event did.
public enum EventInsertion: Sendable, Hashable {
    /// Stored now.
    case stored
    /// The same kiosk's event with this id was already stored: nothing changed.
    case duplicate
    /// Another kiosk's event has this id.
    case idOfAnotherKiosk
    /// Another event of this kiosk has this `seq`.
    case seqTaken

    /// What became of an event of `kiosk` that its storage did not store, from the kiosk whose event holds its id
    /// (nil: none does, so another event holds its `seq`): the verdict every backend gives, decided here once.
    package static func notStored(kiosk: String, idHeldBy owner: String?) -> EventInsertion {
        guard let owner else { return .seqTaken }
        return owner == kiosk ? .duplicate : .idOfAnotherKiosk
    }
}

extension DeliveryOutcome {
    /// The delivery row's new state, error, time of the attempt and next attempt.
    package var columns: (state: AlertDeliveryState, error: String?, at: Date, next: Date?) {
        switch self {
        case .delivered(let at): (.delivered, nil, at, nil)
        case .retry(let error, let at, let next): (.pending, error, at, next)
        case .failed(let error, let at): (.failed, error, at, nil)
        }
    }
}
