public import Foundation
public import KioskCore

/// Where the hub keeps what it knows: every kiosk's events, the roster and the kiosks' token hashes. One
/// interface, one implementation per database (`SQLiteHubStorage` is the embedded default). Implementations
/// only store and fetch; the rules (validation, tokens, reports) live once, in `HubStore`.
public protocol HubStorage: Sendable {
    /// Whether the database answers a query.
    func isHealthy() async -> Bool

    /// Stores each record at most once, in one transaction, and says what became of each, in order.
    func insert(_ records: [EventRecord], receivedAt: Date) async throws(KioskError) -> [EventInsertion]
    /// Up to `limit` records of kiosks other than `kioskID` stored after `cursor`, and the cursor to ask from next.
    func records(after cursor: Int64, limit: Int, excludingKiosk kioskID: String) async throws(KioskError) -> (records: [EventRecord], next: Int64)
    /// The ids of every stored event, sorted.
    func eventIDs() async throws(KioskError) -> [String]

    /// Merges `rows` into the roster in one transaction, or with `replace` makes them the whole roster; any
    /// conflict aborts it with nothing changed.
    func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary
    /// The whole roster, sorted by student id.
    func roster() async throws(KioskError) -> [RosterEntry]
    /// The facts of `date` evaluated at `evaluatedAt`, and when a kiosk's batch last arrived.
    func attendanceFacts(
        on date: AttendanceDate,
        evaluatedAt: Date,
        policy: AttendancePolicy
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)

    /// Stores a token's hash for `kioskID`.
    func addToken(hash: String, kioskID: String, createdAt: Date) async throws(KioskError)
    /// The kiosk whose token has `hash`, or nil.
    func kiosk(tokenHash hash: String) async throws(KioskError) -> String?
    /// Removes the tokens whose hash starts with `prefix`; returns how many.
    func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int
    /// Every token's kiosk, hash and creation time, by kiosk then creation time.
    func tokens() async throws(KioskError) -> [(kioskID: String, hash: String, createdAt: Date)]
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
