import Foundation
public import KioskCore
public import KioskHub
import KioskHubSQLite
public import KioskHubStorage

extension HubStore {
    /// Opens (creating if needed) the embedded SQLite store, `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String, defaultProperty: HubProperty = HubProperty.fallbackDefault) throws(KioskError) -> HubStore {
        HubStore(storage: try SQLiteHubStorage.open(dataDirectory: dataDirectory), defaultProperty: defaultProperty)
    }

    /// Erases the student of `receipt` from `hub.sqlite.before-restore` in `dataDirectory`, the database a restore
    /// replaced, under the same pseudonym; nothing when there is no such file or it holds nothing of them.
    public static func eraseFromReplacedDatabase(dataDirectory: String, as receipt: StudentErasureReceipt) async throws(KioskError) {
        let path = SQLiteHubStorage.databasePath(dataDirectory: dataDirectory) + ".before-restore"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let storage = try SQLiteHubStorage.open(path: path)
        let store = HubStore(storage: storage).acting(as: .system)
        do {
            _ = try await store.eraseStudent(receipt.student, property: receipt.property, now: receipt.erasedAt, pseudonym: receipt.pseudonym)
        } catch  where error.domain == .notFound {
            // Nothing of them was held when the copy was replaced.
        }
        try storage.close()
    }
}
