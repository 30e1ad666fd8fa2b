public import Foundation
public import KioskCore
public import ServiceLifecycle

/// Where the hub keeps what it knows: the properties, every kiosk's events, each property's roster and the tokens'
/// hashes. One interface, one implementation per database (`SQLiteHubStorage` is the embedded default).
/// Implementations only store and fetch, each property's rows apart; the rules (validation, tokens, reports) live
/// once, in `HubStore`.
public protocol HubStorage: Sendable {
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

    /// Stores a property's settings; false when a property with its id exists.
    func addProperty(_ property: HubProperty, createdAt: Date) async throws(KioskError) -> Bool
    /// The stored properties (every one but `default`), sorted by id.
    func properties() async throws(KioskError) -> [HubProperty]

    /// Stores each record of a kiosk of `property` at most once, in one transaction, and says what became of each,
    /// in order.
    func insert(_ records: [EventRecord], property: String, receivedAt: Date) async throws(KioskError) -> [EventInsertion]
    /// Up to `limit` records of `property` by kiosks other than `kioskID` stored after `cursor`, and the cursor to ask
    /// from next.
    func records(
        after cursor: Int64,
        limit: Int,
        property: String,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64)
    /// The ids of every stored event, sorted.
    func eventIDs() async throws(KioskError) -> [String]
    /// The kiosk that recorded each of `ids` (those stored).
    func kioskIDs(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: String]

    /// Merges `rows` into the roster of `property` in one transaction, or with `replace` makes them its whole roster;
    /// any conflict aborts it with nothing changed.
    func importRoster(_ rows: [RosterRow], file: String, replace: Bool, property: String) async throws(KioskError) -> RosterImportSummary
    /// The whole roster of `property`, sorted by student id.
    func roster(property: String) async throws(KioskError) -> [RosterEntry]
    /// The facts of the instants [`start`, `end`) at `property` (its passes included): a day's report reads from the
    /// start of the day to its evaluation instant, a monthly sheet from the start of its first day to the evaluation
    /// instant of its last. And when a kiosk's batch last arrived there.
    func attendanceFacts(
        from start: Date,
        to end: Date,
        policy: AttendancePolicy,
        property: String
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)

    /// Stores `pass` in `property`; the caller checked that its student is an active one of the property.
    func addPass(_ pass: LeavePass, property: String) async throws(KioskError)
    /// Removes the pass `id` of `property`; false when there is none.
    func removePass(id: String, property: String) async throws(KioskError) -> Bool
    /// The passes of `property` covering some instant of [`start`, `end`] (every one when both are nil), by start,
    /// then id.
    func passes(property: String, from start: Date?, through end: Date?) async throws(KioskError) -> [LeavePass]

    /// Stores a token's hash for `holder`.
    func addToken(hash: String, holder: TokenHolder, createdAt: Date) async throws(KioskError)
    /// Whom the token with `hash` speaks for, or nil.
    func holder(tokenHash hash: String) async throws(KioskError) -> TokenHolder?
    /// The property a kiosk id belongs to (by its tokens or its stored events), or nil for a kiosk never seen.
    func property(ofKiosk kioskID: String) async throws(KioskError) -> String?
    /// Removes the tokens whose hash starts with `prefix`; returns how many.
    func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int
    /// Every token's holder, hash and creation time; kiosks' by kiosk then creation time, then the operator's.
    func tokens() async throws(KioskError) -> [StoredToken]

    /// Notes that kiosk `kioskID` of `property` was heard from at `instant`.
    func noteContact(kioskID: String, property: String, at instant: Date) async throws(KioskError)
    /// The gates of `property` (kiosks with a token there, or heard from there) and when each was last heard from.
    func gates(property: String) async throws(KioskError) -> [(kioskID: String, lastSeen: Date?)]

    /// How many rows of each kind the database holds.
    func counts() async throws(KioskError) -> HubStoreCounts

    /// Stores a new user; false when a user with that name exists.
    func addUser(_ user: StoredUser) async throws(KioskError) -> Bool
    /// Every user, by name.
    func users() async throws(KioskError) -> [HubUser]
    /// The user named `name` with their password hash, or nil.
    func user(named name: String) async throws(KioskError) -> StoredUser?
    /// Disables the user named `name`; false when there is none.
    func disableUser(named name: String) async throws(KioskError) -> Bool
    /// Replaces the password hash of the user named `name` and ends their sessions; false when there is none.
    func setPasswordHash(_ hash: String, forUser name: String) async throws(KioskError) -> Bool
    /// Reads the sign-in lock of the user name whose hash is `key` (a clear one when none is kept) and stores what
    /// `change` makes of it (nil: leave it as it is; a clear one is removed), atomically against every other sign-in
    /// of that name in any hub process. Returns the lock as read and as stored. Locks of names untried for
    /// `SignInLock.forgottenAfter` are removed on the way.
    func updateSignInLock(
        key: String,
        now: Date,
        _ change: @escaping @Sendable (SignInLock) -> SignInLock?
    ) async throws(KioskError) -> (read: SignInLock, stored: SignInLock?)

    /// Stores a web console session by the hash of its token; sessions that expired before `createdAt` are removed.
    func addSession(hash: String, user name: String, createdAt: Date, expiresAt: Date) async throws(KioskError)
    /// The user of the session whose token has `hash`, and when it expires; nil for no such session.
    func session(hash: String) async throws(KioskError) -> (user: StoredUser, expiresAt: Date)?
    /// Ends the session whose token has `hash`.
    func removeSession(hash: String) async throws(KioskError)

    /// The events of `property` matching `filter`, newest first, at most `limit`.
    func events(property: String, matching filter: EventFilter, limit: Int) async throws(KioskError) -> [EventRecord]
    /// The highest `seq` of kiosk `kioskID`'s stored events, 0 for none.
    func highestSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64
    /// Changes one student's name, room and status at `property`; false when there is no such student.
    func updateStudent(_ student: Student, property: String) async throws(KioskError) -> Bool
    /// Removes tag `uid` from the roster of `property`; returns the student who held it, nil when nobody did.
    func removeTag(_ uid: TagUID, property: String) async throws(KioskError) -> String?

    /// Stores `alert` of `property` with a pending delivery to each of `channels` due at once, unless an alert with
    /// its id exists (decided by this or another hub process); returns whether it was new.
    func addAlert(_ alert: Alert, property: String, channels: [String], createdAt: Date) async throws(KioskError) -> Bool
    /// The alerts of `property` (every property when nil) of the given kinds (all when nil) made at or after
    /// `since`, newest first, each with its deliveries.
    func alerts(property: String?, events: [AlertEvent]?, since: Date?) async throws(KioskError) -> [AlertRecord]
    /// The newest alert of `property` of kind `event` about kiosk `kioskID`, nil when there is none.
    func latestAlert(property: String, event: AlertEvent, kioskID: String) async throws(KioskError) -> Alert?
    /// Up to `limit` pending deliveries to `channels` due at `now` that no hub process holds, each now held by this
    /// one until `leaseUntil` (a process that dies holding one lets it go then).
    func claimDueDeliveries(now: Date, leaseUntil: Date, channels: DeliveryChannels, limit: Int) async throws(KioskError) -> [DueDelivery]
    /// Records the outcome of one delivery attempt and lets the delivery go.
    func finishDelivery(_ delivery: DueDelivery, outcome: DeliveryOutcome) async throws(KioskError)
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
