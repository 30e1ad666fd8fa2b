public import GRDB
public import KioskCore

/// The roster as every store keeps it (`student` and `tag` tables) and the rules for changing it, written once
/// for the kiosk's journal and the hub.
public enum RosterTables {
    /// Merges `rows` into the roster of `scope` (adding or updating students, adding tags), or with `replace` makes
    /// them its whole roster; a UID the roster gives another student aborts the import, naming file, line and field.
    /// Call it inside a transaction: any error leaves the roster as it was.
    public static func importRows(
        _ rows: [RosterRow],
        file: String,
        replace: Bool,
        scope: StoreScope = .whole,
        in db: Database
    ) throws -> RosterImportSummary {
        var owners: [TagUID: String] = [:]
        for uid in Set(rows.map(\.uid)) { owners[uid] = try owner(of: uid, scope: scope, db) }
        let existing = Set(try String.fetchAll(db, sql: "SELECT id FROM student WHERE 1\(scope.condition())", arguments: scope.arguments))
        let plan = try RosterImportPlan(rows: rows, file: file, replace: replace, existingStudentIDs: existing, owners: owners)
        for id in plan.removedStudentIDs {
            try db.execute(sql: "DELETE FROM student WHERE id = ?\(scope.condition())", arguments: [id] + scope.arguments)
        }
        if plan.clearsTags { try db.execute(sql: "DELETE FROM tag WHERE 1\(scope.condition())", arguments: scope.arguments) }
        for student in plan.students { try upsert(student, scope: scope, db) }
        for tag in plan.tags { try insertTag(tag.uid, studentID: tag.studentID, scope: scope, db) }
        return plan.summary
    }

    /// Makes `entries` the whole roster, as the hub sends it to a kiosk. Past records are untouched.
    public static func replace(with entries: [RosterEntry], in db: Database) throws {
        _ = try removeStudents(notIn: Set(entries.map(\.student.id)), db)
        try db.execute(sql: "DELETE FROM tag")
        for entry in entries {
            try upsert(entry.student, scope: .whole, db)
            for uid in entry.tags { try insertTag(uid, studentID: entry.student.id, scope: .whole, db) }
        }
    }

    /// The whole roster of `scope`, sorted by student id, each student with their tags sorted.
    public static func entries(scope: StoreScope = .whole, _ db: Database) throws -> [RosterEntry] {
        let tags = Dictionary(
            grouping: try Row.fetchAll(
                db,
                sql: "SELECT uid, student_id FROM tag WHERE 1\(scope.condition()) ORDER BY uid",
                arguments: scope.arguments
            ),
            by: { $0["student_id"] as String }
        )
        return try Row.fetchAll(db, sql: "SELECT * FROM student WHERE 1\(scope.condition()) ORDER BY id", arguments: scope.arguments).map { row in
            let student = self.student(row)
            return RosterEntry(student: student, tags: (tags[student.id] ?? []).compactMap { try? TagUID(parsing: $0["uid"]) })
        }
    }

    /// The active students of `scope`, sorted by id.
    public static func activeStudents(scope: StoreScope = .whole, _ db: Database) throws -> [Student] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM student WHERE status = 'active'\(scope.condition()) ORDER BY id"),
            arguments: scope.arguments
        )
        .map(student)
    }

    /// The student with `id`, active or not.
    public static func student(id: String, _ db: Database) throws -> Student? {
        try Row.fetchOne(db, sql: "SELECT * FROM student WHERE id = ?", arguments: [id]).map(student)
    }

    /// The active student `uid` belongs to, or nil for an unknown tag or an inactive student's.
    public static func activeStudent(holding uid: TagUID, _ db: Database) throws -> Student? {
        // Prepared once per connection: it is on the path of every tap.
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT student.* FROM tag JOIN student ON student.id = tag.student_id WHERE tag.uid = ? AND student.status = 'active'"
            ),
            arguments: [uid.hex]
        ).map(student)
    }

    /// The student the roster of `scope` gives `uid` to.
    public static func owner(of uid: TagUID, scope: StoreScope = .whole, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT student_id FROM tag WHERE uid = ?\(scope.condition())", arguments: [uid.hex] + scope.arguments)
    }

    /// Binds `uid` to an existing student. Binding a tag already bound to that student changes nothing; a tag
    /// bound to someone else is refused. Returns whether a new binding was made.
    public static func enroll(_ uid: TagUID, studentID: String, missing: String, in db: Database) throws -> Bool {
        guard try student(id: studentID, db) != nil else {
            throw KioskError(.dataError, "unknown student '\(studentID)': \(missing)", domain: .notFound)
        }
        if let owner = try owner(of: uid, db) {
            guard owner == studentID else { throw KioskError(.dataError, "UID \(uid) is already bound to student '\(owner)'; refusing to move it") }
            return false
        }
        try db.execute(sql: "INSERT INTO tag (uid, student_id) VALUES (?, ?)", arguments: [uid.hex, studentID])
        return true
    }

    private static func upsert(_ student: Student, scope: StoreScope, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO student (id, name, room, status\(scope.column)) VALUES (?, ?, ?, ?\(scope.placeholder))
                ON CONFLICT(\(scope.key("id"))) DO UPDATE SET name = excluded.name, room = excluded.room, status = excluded.status
                """,
            arguments: [student.id, student.name, student.room, student.status.rawValue] + scope.arguments
        )
    }

    private static func insertTag(_ uid: TagUID, studentID: String, scope: StoreScope, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO tag (uid, student_id\(scope.column)) VALUES (?, ?\(scope.placeholder)) ON CONFLICT(\(scope.key("uid"))) DO NOTHING",
            arguments: [uid.hex, studentID] + scope.arguments
        )
    }

    private static func removeStudents(notIn keep: Set<String>, _ db: Database) throws -> Int {
        var removed = 0
        for id in try String.fetchAll(db, sql: "SELECT id FROM student") where !keep.contains(id) {
            try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [id])
            removed += 1
        }
        return removed
    }

    private static func student(_ row: Row) -> Student {
        Student(id: row["id"], name: row["name"], room: row["room"], status: StudentStatus(rawValue: row["status"]) ?? .inactive)
    }
}
