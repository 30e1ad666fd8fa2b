import KioskCore
public import KioskHubStorage

/// The hub's store: the rules for what kiosks send and ask (validation, idempotency, tokens, properties, the roster's
/// ETag, reports) over a `HubStorage`, whatever database holds it (which one a configuration names is
/// `KioskHubDatabase`'s business).
public struct HubStore: Sendable {
    public let storage: any HubStorage
    /// The property every hub has, with the configuration's `[attendance]` settings and `[hub]` name.
    public let defaultProperty: HubProperty

    public init(storage: any HubStorage, defaultProperty: HubProperty = HubProperty.fallbackDefault) {
        self.storage = storage
        self.defaultProperty = defaultProperty
    }

    /// Whether the database answers a query.
    public func isHealthy() async -> Bool {
        await storage.isHealthy()
    }
}
