import Foundation
public import GRDB

/// What shipped migrations made of a SQLite store, to check that they still make exactly that: every table's,
/// index's and trigger's statement as `sqlite_master` keeps it, against a snapshot in `Tests/Fixtures/schemas`
/// taken from the code that shipped them.
public enum ShippedSchema {
    /// `sqlite_master` of `db` as text, one entry after another in a stable order (the migrations' own table left out).
    public static func text(of db: Database) throws -> String {
        try String.fetchAll(
            db,
            sql: """
                SELECT type || ' ' || name || ' ' || tbl_name || char(10) || COALESCE(sql, '') FROM sqlite_master
                WHERE name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations' ORDER BY type, name
                """
        ).joined(separator: "\n") + "\n"
    }

    /// The snapshot `name` (e.g. `journal-v5`): the schema the migrations up to that one made when they shipped.
    public static func snapshot(_ name: String) throws -> String {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/schemas/\(name).txt")
        return try String(contentsOf: fixtures, encoding: .utf8)
    }

    /// `migrator`'s migrations up to `last` applied to a new in-memory database, as text.
    public static func migrated(by migrator: DatabaseMigrator, upTo last: String) throws -> String {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue, upTo: last)
        return try queue.read { db in try text(of: db) }
    }
}
