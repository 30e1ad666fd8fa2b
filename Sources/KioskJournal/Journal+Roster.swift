import GRDB
public import KioskCore

extension Journal {
    /// What a roster import changed.
    public struct RosterImportSummary: Sendable, Hashable {
        public let students: Int
        public let tags: Int
        public let removedStudents: Int
    }

    /// Merges `rows` into the roster in one transaction (adding or updating students, adding tags), or with
    /// `replace` makes them the whole roster. Any conflict aborts the import with nothing changed.
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary {
        try await write { db in
            if !replace {
                for row in rows {
                    if let owner = try String.fetchOne(db, sql: "SELECT student_id FROM tag WHERE uid = ?", arguments: [row.uid.hex]),
                        owner != row.student.id
                    {
                        throw KioskError(
                            .dataError,
                            "\(file):\(row.line): field 'tag_uid': UID \(row.uid) belongs to student '\(owner)' in the roster"
                        )
                    }
                }
            }
            var removed = 0
            if replace {
                let keep = Set(rows.map(\.student.id))
                let existing = try String.fetchAll(db, sql: "SELECT id FROM student")
                for id in existing where !keep.contains(id) {
                    try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [id])
                    removed += 1
                }
                try db.execute(sql: "DELETE FROM tag")
            }
            for row in rows {
                try StudentRow(row.student).upsert(db)
                try db.execute(
                    sql: "INSERT INTO tag (uid, student_id) VALUES (?, ?) ON CONFLICT(uid) DO NOTHING",
                    arguments: [row.uid.hex, row.student.id]
                )
            }
            return RosterImportSummary(students: Set(rows.map(\.student.id)).count, tags: Set(rows.map(\.uid)).count, removedStudents: removed)
        }
    }

    /// The whole roster, sorted by student id, each student with their tags.
    public func roster() async throws(KioskError) -> [RosterEntry] {
        try await read { db in
            let tags = Dictionary(
                grouping: try Row.fetchAll(db, sql: "SELECT uid, student_id FROM tag ORDER BY uid"),
                by: { $0["student_id"] as String }
            )
            return try StudentRow.order(Column("id")).fetchAll(db).map { row in
                RosterEntry(student: row.student, tags: (tags[row.id] ?? []).compactMap { try? TagUID(parsing: $0["uid"]) })
            }
        }
    }

    /// Binds `uid` to an existing student. Binding a tag already bound to that student changes nothing;
    /// a tag bound to someone else is refused.
    /// - Returns: whether a new binding was made.
    @discardableResult
    public func enroll(uid: TagUID, studentID: String) async throws(KioskError) -> Bool {
        try await write { db in
            guard try StudentRow.find(db, id: studentID) != nil else {
                throw KioskError(.dataError, "unknown student '\(studentID)': import them with `kiosk roster import` first")
            }
            if let owner = try String.fetchOne(db, sql: "SELECT student_id FROM tag WHERE uid = ?", arguments: [uid.hex]) {
                guard owner == studentID else {
                    throw KioskError(.dataError, "UID \(uid) is already bound to student '\(owner)'; refusing to move it")
                }
                return false
            }
            try db.execute(sql: "INSERT INTO tag (uid, student_id) VALUES (?, ?)", arguments: [uid.hex, studentID])
            return true
        }
    }
}
