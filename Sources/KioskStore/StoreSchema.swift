public import GRDB
import KioskCore

/// What makes a SQLite file one of this project's databases: its name in messages, the program that owns it,
/// the `application_id` it is marked with, and its migrations (named, never edited once shipped).
public struct StoreSchema: Sendable {
    /// How messages name the database: "journal", "hub database".
    public let noun: String
    /// The program that writes it, for "written by a newer version of …".
    public let program: String
    /// `PRAGMA application_id`, set by the first migration.
    public let applicationID: Int32
    /// Tables that make an unmarked file (one made before `applicationID` was set) ours; empty: none is.
    public let unmarkedTables: [String]
    public let migrator: @Sendable () -> DatabaseMigrator

    public init(
        noun: String,
        program: String,
        applicationID: Int32,
        unmarkedTables: [String] = [],
        migrator: @escaping @Sendable () -> DatabaseMigrator
    ) {
        self.noun = noun
        self.program = program
        self.applicationID = applicationID
        self.unmarkedTables = unmarkedTables
        self.migrator = migrator
    }

    /// Refuses a database that is not ours (another program's, or marked for another of our programs) or that a
    /// newer schema wrote. An empty database is ours to create.
    func check(_ db: Database, path: String) throws -> Bool {
        let marked = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
        let unmarkedOurs = try marked == 0 && isOursUnmarked(db)
        if marked != applicationID && objects > 0 && !unmarkedOurs {
            throw KioskError(.ioError, "\(noun) \(path) is a SQLite database of another program; refusing to touch it")
        }
        let migrator = migrator()
        if try migrator.hasBeenSuperseded(db) {
            throw KioskError(
                .ioError,
                "\(noun) \(path) was written by a newer version of \(program) (unknown schema migrations); refusing to touch it"
            )
        }
        return try migrator.hasCompletedMigrations(db)
    }

    private func isOursUnmarked(_ db: Database) throws -> Bool {
        guard !unmarkedTables.isEmpty else { return false }
        return try (["grdb_migrations"] + unmarkedTables).allSatisfy { try db.tableExists($0) }
    }
}
