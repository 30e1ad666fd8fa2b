public import KioskCore

/// The hub's log keys for a serving process: read from the storage (or made there) the first time a request needs
/// them, then kept, so a hub that starts while its database is down still starts.
public actor HubLogKeySource {
    private let store: HubStore
    private let logName: String
    private var keys: HubLogKeys?

    public init(store: HubStore, logName: String) {
        self.store = store
        self.logName = logName
    }

    /// The keys, loaded once.
    public func current() async throws(KioskError) -> HubLogKeys {
        if let keys { return keys }
        let loaded = try await HubLogKeys.load(logName: logName, storage: store.storage)
        keys = loaded
        return loaded
    }
}
