import Foundation
public import KioskCore
import KioskStore

extension SQLiteHubStorage {
    /// The hub database's file in `dataDirectory`.
    public static func databasePath(dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent("hub.sqlite")
    }

    /// Writes a consistent copy of the hub database in `dataDirectory` to `file`, owner-only, while a hub may serve.
    public static func backup(dataDirectory: String, to file: String) throws(KioskError) {
        try StoreCopy.backup(databasePath(dataDirectory: dataDirectory), schema: SQLiteHubSchema.schema, to: file)
    }

    /// Puts the copy `file` in place of the hub database in `dataDirectory` (no hub serving from it) after checking it;
    /// the replaced database stays beside it as `hub.sqlite.before-restore`.
    public static func restore(dataDirectory: String, from file: String) throws(KioskError) {
        try StoreCopy.restore(databasePath(dataDirectory: dataDirectory), from: file, schema: SQLiteHubSchema.schema)
    }
}
