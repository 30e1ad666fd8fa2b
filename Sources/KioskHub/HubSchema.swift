import GRDB

/// The hub database's schema: named migrations, never edited once shipped.
enum HubSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE student (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        room TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'inactive'))
                    );
                    CREATE TABLE tag (
                        uid TEXT PRIMARY KEY NOT NULL,
                        student_id TEXT NOT NULL REFERENCES student(id) ON DELETE CASCADE
                    );
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
        return migrator
    }
}
