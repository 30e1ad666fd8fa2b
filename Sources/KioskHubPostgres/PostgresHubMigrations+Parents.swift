extension PostgresHubSchema {
    /// The shipped migrations for parents (v19: their contacts; v20: pass requests and approval links), as the SQLite
    /// hub's v18 and v19.
    static let parentMigrations: [(identifier: String, statements: [String])] = [
        (
            // Parents: each student's contacts in the roster's order, gone with the student; as the SQLite hub's `v18`.
            "v19",
            [
                """
                CREATE TABLE parent_contact (
                    property_id TEXT NOT NULL,
                    student_id TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    contact TEXT NOT NULL,
                    PRIMARY KEY (property_id, student_id, position),
                    FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                )
                """
            ]
        ),
        (
            // Parents: pass requests and the approval links sent for them, gone with the student; as the SQLite hub's
            // `v19`.
            "v20",
            [
                """
                CREATE TABLE pass_request (
                    property_id TEXT NOT NULL,
                    id TEXT NOT NULL,
                    student_id TEXT NOT NULL,
                    valid_from BIGINT NOT NULL,
                    valid_until BIGINT NOT NULL,
                    reason TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    approved BOOLEAN,
                    decided_by TEXT,
                    decided_at BIGINT,
                    pass_id TEXT,
                    PRIMARY KEY (property_id, id),
                    FOREIGN KEY (property_id, student_id) REFERENCES student(property_id, id) ON DELETE CASCADE
                )
                """,
                """
                CREATE TABLE approval_link (
                    token_hash TEXT PRIMARY KEY NOT NULL,
                    property_id TEXT NOT NULL,
                    request_id TEXT NOT NULL,
                    contact TEXT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    FOREIGN KEY (property_id, request_id) REFERENCES pass_request(property_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX approval_link_request ON approval_link (property_id, request_id)",
            ]
        ),
    ]
}
