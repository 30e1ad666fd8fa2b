import GRDB
import KioskHubStorage
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
                    """
            )
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
        migrator.registerMigration("v3") { db in try propertiesMigration(db) }
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    CREATE TABLE hub_user (
                        name TEXT PRIMARY KEY NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('warden', 'operator')),
                        property_id TEXT,
                        password_hash TEXT NOT NULL,
                        disabled INTEGER NOT NULL DEFAULT 0,
                        created_at INTEGER NOT NULL
                    );
                    CREATE TABLE kiosk_contact (
                        kiosk_id TEXT PRIMARY KEY NOT NULL,
                        property_id TEXT NOT NULL,
                        last_seen_at INTEGER NOT NULL
                    )
                    """
            )
        }
        // The web console: sessions by their token's hash, the login lockout, and a student's own history.
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    CREATE TABLE console_session (
                        hash TEXT PRIMARY KEY NOT NULL,
                        user_name TEXT NOT NULL REFERENCES hub_user(name) ON DELETE CASCADE,
                        created_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX console_session_user ON console_session(user_name);
                    ALTER TABLE hub_user ADD COLUMN failed_logins INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE hub_user ADD COLUMN locked_until INTEGER;
                    CREATE INDEX event_student ON event(property_id, student_id, occurred_at);
                    """
            )
        }
        // Leave passes.
        migrator.registerMigration("v6") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pass (
                        property_id TEXT NOT NULL,
                        id TEXT NOT NULL,
                        student_id TEXT NOT NULL,
                        valid_from INTEGER NOT NULL,
                        valid_until INTEGER NOT NULL,
                        reason TEXT NOT NULL,
                        PRIMARY KEY (property_id, id)
                    );
                    CREATE INDEX pass_time ON pass(property_id, valid_until);
                    """
            )
        }
        // Alerts: the outbox, one delivery row per alert and channel.
        migrator.registerMigration("v7") { db in
            try db.execute(sql: SQLiteHubSchema.alertTables)
        }
        // One index by student fewer for every insert to write: `event_student` serves the seek for a student's
        // latest accepted tap as well, and batches touching every student wrote a page of each index per student.
        migrator.registerMigration("v8") { db in
            try db.execute(sql: "DROP INDEX event_accepted")
        }
        // The kiosk an alert is about, as a column: the alert pass seeks each gate's latest `gate_offline` instead of
        // reading every one its property ever had.
        migrator.registerMigration("v9") { db in
            try db.execute(
                sql: """
                    ALTER TABLE alert ADD COLUMN kiosk_id TEXT;
                    UPDATE alert SET kiosk_id = json_extract(body, '$.kiosk');
                    CREATE INDEX alert_kiosk ON alert(property_id, event, kiosk_id, created_at);
                    """
            )
        }
        // The sign-in lockout by the hash of the name tried, known or not, counted before the password is checked.
        migrator.registerMigration("v10") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sign_in_lock (
                        name_hash TEXT PRIMARY KEY NOT NULL,
                        attempts INTEGER NOT NULL,
                        locked_until INTEGER,
                        last_attempt_at INTEGER NOT NULL
                    );
                    CREATE INDEX sign_in_lock_age ON sign_in_lock(last_attempt_at);
                    ALTER TABLE hub_user DROP COLUMN failed_logins;
                    ALTER TABLE hub_user DROP COLUMN locked_until;
                    """
            )
        }
        // The kiosks' signed logs: each kiosk's tree of the events the hub holds (complete subtree hashes), its key and
        // the latest checkpoint the hub cosigned. The hub's own keys are files beside the database.
        migrator.registerMigration("v11") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kiosk_log_node (
                        kiosk_id TEXT NOT NULL,
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hash BLOB NOT NULL,
                        PRIMARY KEY (kiosk_id, level, idx)
                    ) WITHOUT ROWID;
                    CREATE TABLE kiosk_log (
                        kiosk_id TEXT PRIMARY KEY NOT NULL,
                        property_id TEXT NOT NULL,
                        vkey TEXT,
                        size INTEGER NOT NULL,
                        checkpoint TEXT,
                        accepted_at INTEGER
                    );
                    """
            )
        }
        // The hub's own actions: one audit log per property, its tree (as the kiosks' logs') and its latest checkpoint.
        migrator.registerMigration("v12") { db in
            try db.execute(
                sql: """
                    CREATE TABLE audit_entry (
                        property_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        id TEXT NOT NULL UNIQUE,
                        at INTEGER NOT NULL,
                        actor TEXT NOT NULL,
                        action TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        detail TEXT NOT NULL,
                        PRIMARY KEY (property_id, seq)
                    ) WITHOUT ROWID;
                    CREATE TABLE audit_log_node (
                        property_id TEXT NOT NULL,
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hash BLOB NOT NULL,
                        PRIMARY KEY (property_id, level, idx)
                    ) WITHOUT ROWID;
                    CREATE TABLE audit_log (
                        property_id TEXT PRIMARY KEY NOT NULL,
                        size INTEGER NOT NULL,
                        checkpoint TEXT NOT NULL,
                        signed_at INTEGER NOT NULL
                    );
                    """
            )
        }
        // The corrected times of reads the gates made with an unsynchronised clock, facts of their own beside the events.
        migrator.registerMigration("v13") { db in
            try db.execute(
                sql: """
                    CREATE TABLE event_correction (
                        event_id TEXT PRIMARY KEY NOT NULL,
                        corrected_at INTEGER NOT NULL
                    );
                    CREATE INDEX event_correction_time ON event_correction(corrected_at);
                    """
            )
        }
        // Cards that cannot be cloned: the read counter of a verified SUN, kept with its event.
        migrator.registerMigration("v14") { db in
            try db.execute(
                sql: """
                    ALTER TABLE event ADD COLUMN sun_counter INTEGER;
                    CREATE INDEX event_sun_counter ON event(property_id, uid, sun_counter) WHERE sun_counter IS NOT NULL;
                    """
            )
        }
        // Retention: the seqs of each kiosk's events deleted past keeping, whose leaves stay in its log as removed.
        migrator.registerMigration("v15") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kiosk_log_removed (
                        kiosk_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        PRIMARY KEY (kiosk_id, seq)
                    ) WITHOUT ROWID
                    """
            )
        }
        // Erasure: an erased event or audit entry keeps its row and the hash of its original leaf (its content
        // changed or gone); an erased student stays a pseudonym in past days' reports, with the digests of their id
        // and cards (space-separated) for the gates.
        migrator.registerMigration("v16") { db in
            try db.execute(
                sql: """
                    ALTER TABLE event ADD COLUMN leaf_hash BLOB;
                    ALTER TABLE audit_entry ADD COLUMN leaf_hash BLOB;
                    CREATE TABLE erased_student (
                        property_id TEXT NOT NULL,
                        pseudonym TEXT NOT NULL,
                        erased_at INTEGER NOT NULL,
                        subjects TEXT NOT NULL,
                        PRIMARY KEY (property_id, pseudonym)
                    ) WITHOUT ROWID;
                    """
            )
        }
        // Gate health: each gate's latest heartbeat (its JSON) and when it came, beside when it was last heard from;
        // tokens for metrics scrapers (the role's CHECK widened: the table made again).
        migrator.registerMigration("v17") { db in
            try db.execute(
                sql: """
                    ALTER TABLE kiosk_contact ADD COLUMN heartbeat TEXT;
                    ALTER TABLE kiosk_contact ADD COLUMN heartbeat_at INTEGER;
                    CREATE TABLE token_v17 (
                        hash TEXT PRIMARY KEY NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('kiosk', 'operator', 'metrics')),
                        kiosk_id TEXT,
                        property_id TEXT,
                        created_at INTEGER NOT NULL
                    );
                    INSERT INTO token_v17 SELECT hash, role, kiosk_id, property_id, created_at FROM token;
                    DROP TABLE token;
                    ALTER TABLE token_v17 RENAME TO token;
                    """
            )
        }
        registerParentMigrations(&migrator)
        registerScreenMigrations(&migrator)
        registerGateHealthMigrations(&migrator)
        registerLogTileMigrations(&migrator)
        return migrator
    }

    /// v3: properties. Every row belongs to one; what was there belongs to `default`. Student ids and tag UIDs become
    /// unique within a property; a token holds a kiosk of a property, or the chain's operator.
    private static func propertiesMigration(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE property (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    timezone TEXT NOT NULL,
                    day_starts_at TEXT NOT NULL,
                    curfew TEXT NOT NULL,
                    debounce_seconds INTEGER NOT NULL,
                    initial_state TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                ALTER TABLE tag RENAME TO tag_v2;
                ALTER TABLE student RENAME TO student_v2;
                ALTER TABLE token RENAME TO token_v2;
                CREATE TABLE student (
                    property_id TEXT NOT NULL,
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    room TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
                    PRIMARY KEY (property_id, id)
                );
                CREATE TABLE tag (
                    property_id TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    student_id TEXT NOT NULL,
                    PRIMARY KEY (property_id, uid),
                    FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                );
                CREATE TABLE token (
                    hash TEXT PRIMARY KEY NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('kiosk', 'operator')),
                    kiosk_id TEXT,
                    property_id TEXT,
                    created_at INTEGER NOT NULL
                );
                INSERT INTO student SELECT 'default', id, name, room, status FROM student_v2;
                INSERT INTO tag SELECT 'default', uid, student_id FROM tag_v2;
                INSERT INTO token SELECT hash, 'kiosk', kiosk_id, 'default', created_at FROM token_v2;
                DROP TABLE tag_v2;
                DROP TABLE student_v2;
                DROP TABLE token_v2;
                ALTER TABLE event ADD COLUMN property_id TEXT NOT NULL DEFAULT 'default';
                DROP INDEX event_accepted;
                DROP INDEX event_time;
                CREATE INDEX event_accepted ON event(property_id, student_id, occurred_at, id) WHERE outcome = 'accepted';
                CREATE INDEX event_time ON event(property_id, occurred_at);
                CREATE INDEX event_property_cursor ON event(property_id, cursor);
                """
        )
    }

    /// The alert outbox (v7).
    static let alertTables = """
        CREATE TABLE alert (
            id TEXT PRIMARY KEY NOT NULL,
            property_id TEXT NOT NULL,
            event TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX alert_property_created ON alert(property_id, created_at);
        CREATE TABLE alert_delivery (
            alert_id TEXT NOT NULL REFERENCES alert(id) ON DELETE CASCADE,
            channel TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            lease_until INTEGER,
            last_error TEXT,
            updated_at INTEGER NOT NULL,
            PRIMARY KEY (alert_id, channel)
        );
        CREATE INDEX alert_delivery_due ON alert_delivery(state, next_attempt_at);
        """
}
