public import Foundation
public import KioskCore

/// The gates: their tokens (kept only as hashes), when each was last heard from and its latest heartbeat.
public protocol GateStorage: Sendable {
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
    /// Keeps each of `heartbeats` (at most one per kiosk) as its kiosk's latest unless a later one is kept, in one
    /// transaction; each is a contact too.
    func keepHeartbeats(_ heartbeats: [ReceivedHeartbeat]) async throws(KioskError)
    /// The latest heartbeat of each gate of `property` that sent one, by kiosk id.
    func heartbeats(property: String) async throws(KioskError) -> [String: StoredHeartbeat]
}

/// A gate's latest heartbeat as stored: its JSON (`WireHeartbeat`) and when the hub received it.
public struct StoredHeartbeat: Sendable, Hashable {
    public let json: String
    public let receivedAt: Date

    public init(json: String, receivedAt: Date) {
        self.json = json
        self.receivedAt = receivedAt
    }
}

/// A gate's heartbeat as received: its kiosk and property, its JSON (`WireHeartbeat`) and when the hub received it.
public struct ReceivedHeartbeat: Sendable, Hashable {
    public let kioskID: String
    public let property: String
    public let json: String
    public let receivedAt: Date

    public init(kioskID: String, property: String, json: String, receivedAt: Date) {
        self.kioskID = kioskID
        self.property = property
        self.json = json
        self.receivedAt = receivedAt
    }
}
