import KioskCore
public import KioskHubStorage

/// The hub's store: the rules for what kiosks send and ask (validation, idempotency, tokens, properties, the roster's
/// ETag, reports) over a `HubStorage`, whatever database holds it (which one a configuration names is
/// `KioskHubDatabase`'s business).
public struct HubStore: Sendable {
    public let storage: any HubStorage
    /// The property every hub has, with the configuration's `[attendance]` settings and `[hub]` name.
    public let defaultProperty: HubProperty
    /// Who the changes made through this store are done by, in the audit logs: `.system` unless `acting(as:)` says.
    public private(set) var actor: AuditActor = .system
    /// The bcrypt cost of the passwords this store hashes: 2^12 rounds (about a quarter of a second on a small server)
    /// unless `hashingPasswords(atCost:)` says.
    public private(set) var passwordCost: UInt8 = 12
    /// Heartbeats received and not yet written, shared by every copy of this store.
    let heartbeatOutbox = HeartbeatOutbox()
    /// Where each property's card alerts go on reading the pull feed, shared by every copy of this store.
    let cardAlertCursors = CardAlertCursors()

    public init(storage: any HubStorage, defaultProperty: HubProperty = HubProperty.fallbackDefault) {
        self.storage = storage
        self.defaultProperty = defaultProperty
    }

    /// This store, making its changes as `actor`.
    public func acting(as actor: AuditActor) -> HubStore {
        var store = self
        store.actor = actor
        return store
    }

    /// This store, hashing new passwords with `cost` (4 to 31): lower only where passwords guard nothing, as in tests.
    public func hashingPasswords(atCost cost: UInt8) -> HubStore {
        var store = self
        store.passwordCost = min(max(cost, 4), 31)
        return store
    }

    /// Whether the database answers a query.
    public func isHealthy() async -> Bool {
        await storage.isHealthy()
    }
}
