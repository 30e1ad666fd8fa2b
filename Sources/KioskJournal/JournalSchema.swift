import GRDB
import KioskStore

/// The journal's schema: named migrations, never edited once shipped.
enum JournalSchema {
    static let schema = StoreSchema(noun: "journal", program: "kiosk", applicationID: applicationID, migrator: { migrator })

    /// Marks a SQLite file as a kiosk journal (`PRAGMA application_id`, "KIOS").
    static let applicationID: Int32 = 0x4B49_4F53

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
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
                    CREATE INDEX tag_student ON tag(student_id);
                    CREATE TABLE event (
                        id TEXT PRIMARY KEY NOT NULL,
                        kiosk_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        reader TEXT NOT NULL,
                        uid TEXT,
                        student_id TEXT,
                        kind TEXT NOT NULL CHECK (kind IN ('tap', 'manual', 'unknown')),
                        direction TEXT CHECK (direction IN ('in', 'out')),
                        outcome TEXT NOT NULL CHECK (outcome IN ('accepted', 'ignored', 'unknown')),
                        reason TEXT,
                        occurred_at INTEGER NOT NULL,
                        recorded_at INTEGER NOT NULL,
                        monotonic_ns INTEGER NOT NULL,
                        boot_id TEXT NOT NULL,
                        clock_synced INTEGER NOT NULL,
                        sync_state TEXT NOT NULL DEFAULT 'pending' CHECK (sync_state IN ('pending', 'synced', 'quarantined')),
                        sync_reason TEXT,
                        synced_at INTEGER,
                        UNIQUE (kiosk_id, seq)
                    );
                    CREATE INDEX event_accepted ON event(student_id, occurred_at, id) WHERE outcome = 'accepted';
                    CREATE INDEX event_time ON event(occurred_at);
                    CREATE INDEX event_pending ON event(kiosk_id, seq) WHERE sync_state = 'pending';
                    CREATE INDEX event_quarantined ON event(kiosk_id, seq) WHERE sync_state = 'quarantined';
                    CREATE INDEX event_synced_at ON event(synced_at) WHERE synced_at IS NOT NULL;
                    """
            )
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sync_status (
                        id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                        last_success_at INTEGER,
                        last_error TEXT,
                        last_error_at INTEGER,
                        next_retry_at INTEGER
                    );
                    INSERT INTO sync_status (id) VALUES (1);
                    """
            )
        }
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    ALTER TABLE sync_status ADD COLUMN roster_etag TEXT;
                    ALTER TABLE sync_status ADD COLUMN pull_cursor INTEGER NOT NULL DEFAULT 0;
                    """
            )
        }
        migrator.registerMigration("v4") { db in
            try db.execute(sql: "ALTER TABLE sync_status ADD COLUMN last_error_kind TEXT")
        }
        migrator.registerMigration("v5") { db in
            // Leave passes: made here on a standalone kiosk, else the hub's as last pulled. Not tied to `student` rows:
            // a pass outlives its student's removal from the roster, as past records do.
            try db.execute(
                sql: """
                    CREATE TABLE pass (
                        id TEXT PRIMARY KEY NOT NULL,
                        student_id TEXT NOT NULL,
                        valid_from INTEGER NOT NULL,
                        valid_until INTEGER NOT NULL,
                        reason TEXT NOT NULL
                    );
                    CREATE INDEX pass_student ON pass(student_id, valid_until);
                    """
            )
        }
        migrator.registerMigration("v6") { db in
            // The gate's signed log: its Merkle tree as complete subtree hashes (level 0: the leaf of seq idx + 1), and
            // the latest checkpoint the kiosk signed and the latest the hub cosigned.
            try db.execute(
                sql: """
                    CREATE TABLE log_node (
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hash BLOB NOT NULL,
                        PRIMARY KEY (level, idx)
                    ) WITHOUT ROWID;
                    CREATE TABLE log_checkpoint (
                        kind TEXT PRIMARY KEY NOT NULL CHECK (kind IN ('signed', 'cosigned')),
                        size INTEGER NOT NULL,
                        note TEXT NOT NULL,
                        vkey TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v7") { db in
            // The hub's latest refusal of a checkpoint of the gate's log, until it accepts one again.
            try db.execute(
                sql: """
                    CREATE TABLE log_refusal (
                        only_row INTEGER PRIMARY KEY NOT NULL CHECK (only_row = 1),
                        size INTEGER NOT NULL,
                        reason TEXT NOT NULL,
                        refused_at INTEGER NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v8") { db in
            // The corrected times of the gate's reads made with an unsynchronised clock (CONTRACT.md "Time of a read"),
            // facts of their own beside the events they correct, synced to the hub like events.
            try db.execute(
                sql: """
                    CREATE TABLE event_correction (
                        event_id TEXT PRIMARY KEY NOT NULL,
                        corrected_at INTEGER NOT NULL,
                        sync_state TEXT NOT NULL CHECK (sync_state IN ('pending', 'synced'))
                    );
                    CREATE INDEX event_correction_time ON event_correction(corrected_at);
                    """
            )
        }
        migrator.registerMigration("v9") { db in
            // Cards that cannot be cloned (CONTRACT.md): a read may be refused, and a verified SUN's read counter is
            // kept with its event. SQLite cannot change a CHECK, so the table is made anew (no table refers to it).
            try db.execute(
                sql: """
                    CREATE TABLE event_v9 (
                        id TEXT PRIMARY KEY NOT NULL,
                        kiosk_id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        reader TEXT NOT NULL,
                        uid TEXT,
                        student_id TEXT,
                        kind TEXT NOT NULL CHECK (kind IN ('tap', 'manual', 'unknown')),
                        direction TEXT CHECK (direction IN ('in', 'out')),
                        outcome TEXT NOT NULL CHECK (outcome IN ('accepted', 'ignored', 'unknown', 'refused')),
                        reason TEXT,
                        occurred_at INTEGER NOT NULL,
                        recorded_at INTEGER NOT NULL,
                        monotonic_ns INTEGER NOT NULL,
                        boot_id TEXT NOT NULL,
                        clock_synced INTEGER NOT NULL,
                        sync_state TEXT NOT NULL DEFAULT 'pending' CHECK (sync_state IN ('pending', 'synced', 'quarantined')),
                        sync_reason TEXT,
                        synced_at INTEGER,
                        sun_counter INTEGER,
                        UNIQUE (kiosk_id, seq)
                    );
                    INSERT INTO event_v9 (id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason, occurred_at,
                        recorded_at, monotonic_ns, boot_id, clock_synced, sync_state, sync_reason, synced_at)
                    SELECT id, kiosk_id, seq, reader, uid, student_id, kind, direction, outcome, reason, occurred_at,
                        recorded_at, monotonic_ns, boot_id, clock_synced, sync_state, sync_reason, synced_at FROM event;
                    DROP TABLE event;
                    ALTER TABLE event_v9 RENAME TO event;
                    CREATE INDEX event_accepted ON event(student_id, occurred_at, id) WHERE outcome = 'accepted';
                    CREATE INDEX event_time ON event(occurred_at);
                    CREATE INDEX event_pending ON event(kiosk_id, seq) WHERE sync_state = 'pending';
                    CREATE INDEX event_quarantined ON event(kiosk_id, seq) WHERE sync_state = 'quarantined';
                    CREATE INDEX event_synced_at ON event(synced_at) WHERE synced_at IS NOT NULL;
                    CREATE INDEX event_sun_counter ON event(uid, sun_counter) WHERE sun_counter IS NOT NULL;
                    """
            )
        }
        // Retention: the seqs of the kiosk's own events removed past keeping, whose leaves stay in the log as removed
        // (an event deleted any other way is missing, and `log verify` says so).
        migrator.registerMigration("v10") { db in
            try db.execute(sql: "CREATE TABLE log_removed (seq INTEGER PRIMARY KEY NOT NULL)")
        }
        // Erasure: an erased event keeps its row and the hash of its original leaf; an erased student stays a
        // pseudonym in past days' reports; `subjects` (the hub's digests of their id and cards, space-separated) are
        // erased from the journal, `applied` once every event of theirs could be.
        migrator.registerMigration("v11") { db in
            try db.execute(
                sql: """
                    ALTER TABLE event ADD COLUMN leaf_hash BLOB;
                    CREATE TABLE erased_student (
                        pseudonym TEXT PRIMARY KEY NOT NULL,
                        erased_at INTEGER NOT NULL,
                        subjects TEXT NOT NULL,
                        applied INTEGER NOT NULL DEFAULT 0
                    ) WITHOUT ROWID;
                    """
            )
        }
        // The gate's screen: each student's photo, from the hub's roster or `kiosk roster photo`, gone with the student;
        // the property's name as the hub says it.
        migrator.registerMigration("v12") { db in
            try db.execute(
                sql: """
                    CREATE TABLE student_photo (
                        student_id TEXT PRIMARY KEY NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                        content_type TEXT NOT NULL,
                        digest TEXT NOT NULL,
                        bytes BLOB NOT NULL
                    );
                    ALTER TABLE sync_status ADD COLUMN property_name TEXT;
                    """
            )
        }
        // The gate's signed log kept as tiles (`MerkleTile`): a row per 256 nodes of the levels that are multiples of 8,
        // not a row per node (P4: a sync of 1,000 events stored 2,000 tree rows).
        migrator.registerMigration("v13") { db in
            try db.execute(
                sql: """
                    CREATE TABLE log_tile (
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hashes BLOB NOT NULL,
                        PRIMARY KEY (level, idx)
                    );
                    """
            )
            try LogTileMigration.copyTiles(db, from: "log_node", to: "log_tile", keyedBy: [])
            try db.execute(sql: "DROP TABLE log_node")
        }
        return migrator
    }
}
