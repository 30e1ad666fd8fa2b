public import KioskCore
public import KioskHub
import KioskHubSQLite
public import KioskHubStorage

extension HubStore {
    /// Opens (creating if needed) the embedded SQLite store, `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String, defaultProperty: HubProperty = HubProperty.fallbackDefault) throws(KioskError) -> HubStore {
        HubStore(storage: try SQLiteHubStorage.open(dataDirectory: dataDirectory), defaultProperty: defaultProperty)
    }
}
