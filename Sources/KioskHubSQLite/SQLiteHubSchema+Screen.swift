import GRDB

extension SQLiteHubSchema {
    /// The shipped migrations for the gate's screen (v20: students' photos), frozen SQL.
    static func registerScreenMigrations(_ migrator: inout DatabaseMigrator) {
        // The gate's screen: each student's photo, gone with the student.
        migrator.registerMigration("v20") { db in
            try db.execute(
                sql: """
                    CREATE TABLE student_photo (
                        property_id TEXT NOT NULL,
                        student_id TEXT NOT NULL,
                        content_type TEXT NOT NULL,
                        digest TEXT NOT NULL,
                        bytes BLOB NOT NULL,
                        updated_at INTEGER NOT NULL,
                        PRIMARY KEY (property_id, student_id),
                        FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                    );
                    """
            )
        }
    }
}
