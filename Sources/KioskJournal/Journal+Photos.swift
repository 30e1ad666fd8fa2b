import GRDB
public import KioskCore

/// Students' photos for the gate's screen (CONTRACT.md "The gate's screen"): one per student, replaced by a newer one,
/// removed with the student.
extension Journal {
    /// Makes `photo` the photo of `studentID`; an unknown student is bad data naming them.
    public func setPhoto(_ photo: StoredPhoto, of studentID: String) async throws(KioskError) {
        let known = try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM student WHERE id = ?)", arguments: [studentID]) == true else {
                return false
            }
            try db.execute(
                sql: """
                    INSERT INTO student_photo (student_id, content_type, digest, bytes) VALUES (?, ?, ?, ?)
                    ON CONFLICT (student_id) DO UPDATE SET content_type = excluded.content_type, digest = excluded.digest,
                        bytes = excluded.bytes
                    """,
                arguments: [studentID, photo.contentType, photo.digest, photo.data]
            )
            return true
        }
        guard known else {
            throw KioskError(.dataError, "unknown student '\(studentID)': import them with `kiosk roster import` first", domain: .notFound)
        }
    }

    /// The photo of `studentID`, nil when they have none.
    public func photo(of studentID: String) async throws(KioskError) -> StoredPhoto? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT content_type, digest, bytes FROM student_photo WHERE student_id = ?", arguments: [studentID]).map {
                StoredPhoto(data: $0["bytes"], contentType: $0["content_type"], digest: $0["digest"])
            }
        }
    }
}

/// The `student_photo` table.
enum PhotoTable {
    /// Keeps the hub's photos: `digests` (by student id) is every photo the hub holds for the roster; photos not in it
    /// are removed; returns the students whose photo is missing or differs, to be fetched.
    static func keep(_ digests: [String: String], in db: Database) throws -> [String] {
        let held = try Dictionary(
            Row.fetchAll(db, sql: "SELECT student_id, digest FROM student_photo").map { ($0["student_id"] as String, $0["digest"] as String) },
            uniquingKeysWith: { first, _ in first }
        )
        for student in held.keys where digests[student] == nil {
            try db.execute(sql: "DELETE FROM student_photo WHERE student_id = ?", arguments: [student])
        }
        let students = try Set(String.fetchAll(db, sql: "SELECT id FROM student"))
        return digests.filter { held[$0.key] != $0.value && students.contains($0.key) }.keys.sorted()
    }
}
