public import KioskCore

/// The hub's store: the rules for what kiosks send and ask (validation, idempotency, tokens, the roster's ETag,
/// reports) over a `HubStorage`, whatever database holds it.
public struct HubStore: Sendable {
    public let storage: any HubStorage

    public init(storage: any HubStorage) {
        self.storage = storage
    }

    /// Opens (creating if needed) the embedded SQLite store, `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String) throws(KioskError) -> HubStore {
        HubStore(storage: try SQLiteHubStorage.open(dataDirectory: dataDirectory))
    }

    /// Whether the database answers a query.
    public func isHealthy() async -> Bool {
        await storage.isHealthy()
    }
}
