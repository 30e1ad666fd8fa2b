extension PostgresHubSchema {
    /// The shipped migrations for the gate's screen (v21: students' photos), as the SQLite hub's v20.
    static let screenMigrations: [(identifier: String, statements: [String])] = [
        (
            // The gate's screen: each student's photo, gone with the student; as the SQLite hub's `v20`.
            "v21",
            [
                """
                CREATE TABLE student_photo (
                    property_id TEXT NOT NULL,
                    student_id TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    bytes BYTEA NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (property_id, student_id),
                    FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                )
                """
            ]
        )
    ]
}
