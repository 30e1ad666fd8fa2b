import GRDB

extension SQLiteHubSchema {
    /// The shipped migrations for parents (v18: their contacts; v19: pass requests and approval links), frozen SQL.
    static func registerParentMigrations(_ migrator: inout DatabaseMigrator) {
        // Parents: each student's contacts in the roster's order, gone with the student.
        migrator.registerMigration("v18") { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent_contact (
                        property_id TEXT NOT NULL,
                        student_id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        contact TEXT NOT NULL,
                        PRIMARY KEY (property_id, student_id, position),
                        FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                    );
                    """
            )
        }
        // Parents: pass requests and the approval links sent for them, gone with the student.
        migrator.registerMigration("v19") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pass_request (
                        property_id TEXT NOT NULL,
                        id TEXT NOT NULL,
                        student_id TEXT NOT NULL,
                        valid_from INTEGER NOT NULL,
                        valid_until INTEGER NOT NULL,
                        reason TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        approved INTEGER,
                        decided_by TEXT,
                        decided_at INTEGER,
                        pass_id TEXT,
                        PRIMARY KEY (property_id, id),
                        FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                    );
                    CREATE TABLE approval_link (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        property_id TEXT NOT NULL,
                        request_id TEXT NOT NULL,
                        contact TEXT NOT NULL,
                        expires_at INTEGER NOT NULL,
                        FOREIGN KEY (property_id, request_id) REFERENCES pass_request(property_id, id) ON DELETE CASCADE
                    );
                    CREATE INDEX approval_link_request ON approval_link(property_id, request_id);
                    """
            )
        }
    }
}
