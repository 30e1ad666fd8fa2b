import GRDB
import KioskStore

/// The SQLite hub database's schema: named migrations, never edited once shipped.
enum SQLiteHubSchema {
    /// Marks a SQLite file as a hub database (`PRAGMA application_id`, "KHUB"); files made before v2 are unmarked.
    static let applicationID: Int32 = 0x4B48_5542

    static let schema = StoreSchema(
        noun: "hub database",
        program: "kiosk-hub",
        applicationID: applicationID,
        unmarkedTables: ["student", "tag", "token", "event"],
        migrator: { migrator }
    )

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try RosterTables.create(db)
            try db.execute(
                sql: """
                    CREATE TABLE token (
                        hash TEXT PRIMARY KEY NOT NULL,
                        kiosk_id TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE TABLE event (
                        cursor INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        kiosk_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        reader TEXT NOT NULL,
                        uid TEXT,
                        student_id TEXT,
                        kind TEXT NOT NULL,
                        direction TEXT,
                        outcome TEXT NOT NULL,
                        reason TEXT,
                        occurred_at INTEGER NOT NULL,
                        recorded_at INTEGER NOT NULL,
                        monotonic_ns INTEGER NOT NULL,
                        boot_id TEXT NOT NULL,
                        clock_synced INTEGER NOT NULL,
                        received_at INTEGER NOT NULL
                    );
                    CREATE INDEX event_accepted ON event(student_id, occurred_at, id) WHERE outcome = 'accepted';
                    CREATE INDEX event_time ON event(occurred_at);
                    """
            )
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            // Not UNIQUE: a database from before v2 may already hold two events with one (kiosk, seq); new ones are refused.
            try db.execute(sql: "CREATE INDEX event_kiosk_seq ON event(kiosk_id, seq)")
        }
        return migrator
    }
}
