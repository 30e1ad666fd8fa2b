/// The PostgreSQL hub database's migrations, in order; a shipped one is never edited.
extension PostgresHubSchema {
    static let migrations: [(identifier: String, statements: [String])] =
        [
            (
                "v1",
                [
                    """
                    CREATE TABLE student (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        room TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('active', 'inactive'))
                    )
                    """,
                    "CREATE TABLE tag (uid TEXT PRIMARY KEY NOT NULL, student_id TEXT NOT NULL REFERENCES student(id) ON DELETE CASCADE)",
                    "CREATE TABLE token (hash TEXT PRIMARY KEY NOT NULL, kiosk_id TEXT NOT NULL, created_at BIGINT NOT NULL)",
                    """
                    CREATE TABLE event (
                        cursor BIGSERIAL PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        kiosk_id TEXT NOT NULL,
                        seq BIGINT NOT NULL,
                        reader TEXT NOT NULL,
                        uid TEXT,
                        student_id TEXT,
                        kind TEXT NOT NULL,
                        direction TEXT,
                        outcome TEXT NOT NULL,
                        reason TEXT,
                        occurred_at BIGINT NOT NULL,
                        recorded_at BIGINT NOT NULL,
                        monotonic_ns BIGINT NOT NULL,
                        boot_id TEXT NOT NULL,
                        clock_synced BOOLEAN NOT NULL,
                        received_at BIGINT NOT NULL,
                        UNIQUE (kiosk_id, seq)
                    )
                    """,
                    "CREATE INDEX event_accepted ON event (student_id, occurred_at, id) WHERE outcome = 'accepted'",
                    "CREATE INDEX event_time ON event (occurred_at)",
                ]
            ),
            (
                // Properties: every row belongs to one; what was there belongs to `default`. Student ids and tag UIDs become
                // unique within a property; a token holds a kiosk of a property, or the chain's operator.
                "v2",
                [
                    """
                    CREATE TABLE property (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        timezone TEXT NOT NULL,
                        day_starts_at TEXT NOT NULL,
                        curfew TEXT NOT NULL,
                        debounce_seconds INTEGER NOT NULL,
                        initial_state TEXT NOT NULL,
                        created_at BIGINT NOT NULL
                    )
                    """,
                    "ALTER TABLE tag DROP CONSTRAINT tag_student_id_fkey",
                    "ALTER TABLE student ADD COLUMN property_id TEXT NOT NULL DEFAULT 'default'",
                    "ALTER TABLE student DROP CONSTRAINT student_pkey, ADD PRIMARY KEY (property_id, id)",
                    "ALTER TABLE tag ADD COLUMN property_id TEXT NOT NULL DEFAULT 'default'",
                    """
                    ALTER TABLE tag DROP CONSTRAINT tag_pkey, ADD PRIMARY KEY (property_id, uid),
                        ADD FOREIGN KEY (property_id, student_id) REFERENCES student (property_id, id) ON DELETE CASCADE
                    """,
                    """
                    ALTER TABLE token ADD COLUMN role TEXT NOT NULL DEFAULT 'kiosk' CHECK (role IN ('kiosk', 'operator')),
                        ALTER COLUMN kiosk_id DROP NOT NULL, ADD COLUMN property_id TEXT
                    """,
                    "UPDATE token SET property_id = 'default'",
                    "ALTER TABLE event ADD COLUMN property_id TEXT NOT NULL DEFAULT 'default'",
                    "DROP INDEX event_accepted",
                    "DROP INDEX event_time",
                    "CREATE INDEX event_accepted ON event (property_id, student_id, occurred_at, id) WHERE outcome = 'accepted'",
                    "CREATE INDEX event_time ON event (property_id, occurred_at)",
                    "CREATE INDEX event_property_cursor ON event (property_id, cursor)",
                ]
            ),
            (
                "v3",
                [
                    """
                    CREATE TABLE hub_user (
                        name TEXT PRIMARY KEY NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('warden', 'operator')),
                        property_id TEXT,
                        password_hash TEXT NOT NULL,
                        disabled BOOLEAN NOT NULL DEFAULT FALSE,
                        created_at BIGINT NOT NULL
                    )
                    """,
                    "CREATE TABLE kiosk_contact (kiosk_id TEXT PRIMARY KEY NOT NULL, property_id TEXT NOT NULL, last_seen_at BIGINT NOT NULL)",
                ]
            ),
            (
                // The web console: sessions by their token's hash, the login lockout, and a student's own history.
                "v4",
                [
                    """
                    CREATE TABLE console_session (
                        hash TEXT PRIMARY KEY NOT NULL,
                        user_name TEXT NOT NULL REFERENCES hub_user(name) ON DELETE CASCADE,
                        created_at BIGINT NOT NULL,
                        expires_at BIGINT NOT NULL
                    )
                    """,
                    "CREATE INDEX console_session_user ON console_session (user_name)",
                    "ALTER TABLE hub_user ADD COLUMN failed_logins INTEGER NOT NULL DEFAULT 0, ADD COLUMN locked_until BIGINT",
                    "CREATE INDEX event_student ON event (property_id, student_id, occurred_at)",
                ]
            ),
            (
                // Leave passes.
                "v5",
                [
                    """
                    CREATE TABLE pass (
                        property_id TEXT NOT NULL,
                        id TEXT NOT NULL,
                        student_id TEXT NOT NULL,
                        valid_from BIGINT NOT NULL,
                        valid_until BIGINT NOT NULL,
                        reason TEXT NOT NULL,
                        PRIMARY KEY (property_id, id)
                    )
                    """,
                    "CREATE INDEX pass_time ON pass (property_id, valid_until)",
                ]
            ),
            (
                // Alerts: the outbox, one delivery row per alert and channel.
                "v6",
                [
                    """
                    CREATE TABLE alert (
                        id TEXT PRIMARY KEY NOT NULL,
                        property_id TEXT NOT NULL,
                        event TEXT NOT NULL,
                        body TEXT NOT NULL,
                        created_at BIGINT NOT NULL
                    )
                    """,
                    "CREATE INDEX alert_property_created ON alert (property_id, created_at)",
                    """
                    CREATE TABLE alert_delivery (
                        alert_id TEXT NOT NULL REFERENCES alert(id) ON DELETE CASCADE,
                        channel TEXT NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
                        attempts INTEGER NOT NULL DEFAULT 0,
                        next_attempt_at BIGINT NOT NULL,
                        lease_until BIGINT,
                        last_error TEXT,
                        updated_at BIGINT NOT NULL,
                        PRIMARY KEY (alert_id, channel)
                    )
                    """,
                    "CREATE INDEX alert_delivery_due ON alert_delivery (state, next_attempt_at)",
                ]
            ),
            (
                // The kiosk an alert is about, as a column: the alert pass seeks each gate's latest `gate_offline` instead of
                // reading every one its property ever had.
                "v7",
                [
                    "ALTER TABLE alert ADD COLUMN kiosk_id TEXT",
                    "UPDATE alert SET kiosk_id = body::jsonb ->> 'kiosk'",
                    "CREATE INDEX alert_kiosk ON alert (property_id, event, kiosk_id, created_at)",
                ]
            ),
            (
                // Every text column compares byte by byte (`COLLATE "C"`), whatever the database's locale: ids, UIDs and names
                // sort as the SQLite hub sorts them, and an index comparison is a memcmp, not the locale's strcoll (faster
                // event inserts: BENCHMARKS.md, P5-PG1). One ALTER per table, so each table's indexes are rebuilt once.
                "v8",
                [
                    """
                    DO $$
                    DECLARE altered record;
                    BEGIN
                        FOR altered IN
                            SELECT table_name, string_agg(format('ALTER COLUMN %I TYPE text COLLATE "C"', column_name), ', ') AS columns
                            FROM information_schema.columns
                            WHERE table_schema = current_schema() AND data_type = 'text' AND collation_name IS DISTINCT FROM 'C'
                            GROUP BY table_name
                        LOOP
                            EXECUTE format('ALTER TABLE %I %s', altered.table_name, altered.columns);
                        END LOOP;
                    END
                    $$
                    """
                ]
            ),
            (
                // The pull feed ordered by transaction (`PostgresEventFeed`): event inserts need no lock. The first cursor of
                // the new kind is above every cursor of the sequence, so the cursors kiosks hold stay valid.
                "v9",
                [
                    """
                    CREATE TABLE event_feed (
                        only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
                        origin BIGINT NOT NULL
                    )
                    """,
                    "INSERT INTO event_feed (origin) SELECT COALESCE(MAX(cursor), 0) + 1 - (pg_current_xact_id()::text::bigint << 20) FROM event",
                    "ALTER TABLE event ALTER COLUMN cursor DROP DEFAULT",
                    "DROP SEQUENCE event_cursor_seq",
                ]
            ),
            (
                // One index by student fewer for every insert to write, as the SQLite hub's `v8`: `event_student` serves the
                // seek for a student's latest accepted tap as well.
                "v10",
                ["DROP INDEX event_accepted"]
            ),
            (
                // The sign-in lockout by the hash of the name tried, known or not, counted before the password is checked.
                "v11",
                [
                    """
                    CREATE TABLE sign_in_lock (
                        name_hash TEXT COLLATE "C" PRIMARY KEY NOT NULL,
                        attempts INTEGER NOT NULL,
                        locked_until BIGINT,
                        last_attempt_at BIGINT NOT NULL
                    )
                    """,
                    "CREATE INDEX sign_in_lock_age ON sign_in_lock(last_attempt_at)",
                    "ALTER TABLE hub_user DROP COLUMN failed_logins, DROP COLUMN locked_until",
                ]
            ),
            (
                // The kiosks' signed logs, as the SQLite hub's `v11`; and the hub's own two keys, shared by its processes.
                "v12",
                [
                    """
                    CREATE TABLE kiosk_log_node (
                        kiosk_id TEXT COLLATE "C" NOT NULL,
                        level INTEGER NOT NULL,
                        idx BIGINT NOT NULL,
                        hash BYTEA NOT NULL,
                        PRIMARY KEY (kiosk_id, level, idx)
                    )
                    """,
                    """
                    CREATE TABLE kiosk_log (
                        kiosk_id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
                        property_id TEXT COLLATE "C" NOT NULL,
                        vkey TEXT COLLATE "C",
                        size BIGINT NOT NULL,
                        checkpoint TEXT COLLATE "C",
                        accepted_at BIGINT
                    )
                    """,
                    """
                    CREATE TABLE hub_log_key (
                        role TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (role IN ('witness', 'log')),
                        key TEXT COLLATE "C" NOT NULL
                    )
                    """,
                ]
            ),
            (
                // The hub's own actions, as the SQLite hub's `v12`: one audit log per property, its tree and latest checkpoint.
                "v13",
                [
                    """
                    CREATE TABLE audit_entry (
                        property_id TEXT COLLATE "C" NOT NULL,
                        seq BIGINT NOT NULL,
                        id TEXT COLLATE "C" NOT NULL UNIQUE,
                        at BIGINT NOT NULL,
                        actor TEXT COLLATE "C" NOT NULL,
                        action TEXT COLLATE "C" NOT NULL,
                        subject TEXT COLLATE "C" NOT NULL,
                        detail TEXT COLLATE "C" NOT NULL,
                        PRIMARY KEY (property_id, seq)
                    )
                    """,
                    """
                    CREATE TABLE audit_log_node (
                        property_id TEXT COLLATE "C" NOT NULL,
                        level INTEGER NOT NULL,
                        idx BIGINT NOT NULL,
                        hash BYTEA NOT NULL,
                        PRIMARY KEY (property_id, level, idx)
                    )
                    """,
                    """
                    CREATE TABLE audit_log (
                        property_id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
                        size BIGINT NOT NULL,
                        checkpoint TEXT COLLATE "C" NOT NULL,
                        signed_at BIGINT NOT NULL
                    )
                    """,
                ]
            ),
            (
                // The corrected times of reads the gates made with an unsynchronised clock, as the SQLite hub's `v13`.
                "v14",
                [
                    """
                    CREATE TABLE event_correction (
                        event_id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
                        corrected_at BIGINT NOT NULL
                    )
                    """,
                    "CREATE INDEX event_correction_time ON event_correction(corrected_at)",
                ]
            ),
            (
                // The read counter of a verified SUN, kept with its event, as the SQLite hub's `v14`.
                "v15",
                [
                    "ALTER TABLE event ADD COLUMN sun_counter BIGINT",
                    "CREATE INDEX event_sun_counter ON event(property_id, uid, sun_counter) WHERE sun_counter IS NOT NULL",
                ]
            ),
            (
                // The seqs of each kiosk's events deleted past keeping, as the SQLite hub's `v15`.
                "v16",
                [
                    """
                    CREATE TABLE kiosk_log_removed (
                        kiosk_id TEXT COLLATE "C" NOT NULL,
                        seq BIGINT NOT NULL,
                        PRIMARY KEY (kiosk_id, seq)
                    )
                    """
                ]
            ),
            (
                // Erased events and audit entries keep their original leaves' hashes; erased students stay pseudonyms in
                // past days' reports, as the SQLite hub's `v16`.
                "v17",
                [
                    "ALTER TABLE event ADD COLUMN leaf_hash BYTEA",
                    "ALTER TABLE audit_entry ADD COLUMN leaf_hash BYTEA",
                    """
                    CREATE TABLE erased_student (
                        property_id TEXT COLLATE "C" NOT NULL,
                        pseudonym TEXT COLLATE "C" NOT NULL,
                        erased_at BIGINT NOT NULL,
                        subjects TEXT COLLATE "C" NOT NULL,
                        PRIMARY KEY (property_id, pseudonym)
                    )
                    """,
                ]
            ),
            (
                // Gate health: each gate's latest heartbeat, and tokens for metrics scrapers, as the SQLite hub's `v17`.
                "v18",
                [
                    "ALTER TABLE kiosk_contact ADD COLUMN heartbeat TEXT",
                    "ALTER TABLE kiosk_contact ADD COLUMN heartbeat_at BIGINT",
                    "ALTER TABLE token DROP CONSTRAINT token_role_check",
                    "ALTER TABLE token ADD CONSTRAINT token_role_check CHECK (role IN ('kiosk', 'operator', 'metrics'))",
                ]
            ),
        ] + parentMigrations + screenMigrations + gateHealthMigrations + logTileMigrations
}
