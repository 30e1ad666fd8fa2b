public import KioskCore
import KioskHubSQLite
public import KioskHubStorage

/// The hub's store: the rules for what kiosks send and ask (validation, idempotency, tokens, properties, the roster's
/// ETag, reports) over a `HubStorage`, whatever database holds it.
public struct HubStore: Sendable {
    public let storage: any HubStorage
    /// The property every hub has, with the configuration's `[attendance]` settings and `[hub]` name.
    public let defaultProperty: HubProperty

    public init(storage: any HubStorage, defaultProperty: HubProperty = HubProperty.fallbackDefault) {
        self.storage = storage
        self.defaultProperty = defaultProperty
    }

    /// Opens (creating if needed) the embedded SQLite store, `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String, defaultProperty: HubProperty = HubProperty.fallbackDefault) throws(KioskError) -> HubStore {
        HubStore(storage: try SQLiteHubStorage.open(dataDirectory: dataDirectory), defaultProperty: defaultProperty)
    }

    /// Whether the database answers a query.
    public func isHealthy() async -> Bool {
        await storage.isHealthy()
    }
}
