import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary {
        try await failing("write failed, the roster is unchanged") {
            try await transaction { connection in
                var owners: [TagUID: String] = [:]
                let uids = Array(Set(rows.map(\.uid.hex)))
                for try await (uid, owner) in try await connection.query(
                    "SELECT uid, student_id FROM tag WHERE uid = ANY(\(uids))",
                    logger: logger
                ).decode((String, String).self) {
                    if let tag = try? TagUID(parsing: uid) { owners[tag] = owner }
                }
                var existing: Set<String> = []
                for try await id in try await connection.query("SELECT id FROM student", logger: logger).decode(String.self) { existing.insert(id) }
                let plan = try RosterImportPlan(rows: rows, file: file, replace: replace, existingStudentIDs: existing, owners: owners)
                if !plan.removedStudentIDs.isEmpty {
                    _ = try await connection.query("DELETE FROM student WHERE id = ANY(\(plan.removedStudentIDs))", logger: logger)
                }
                if plan.clearsTags { _ = try await connection.query("DELETE FROM tag", logger: logger) }
                let ids = plan.students.map(\.id)
                let names = plan.students.map(\.name)
                let rooms = plan.students.map(\.room)
                let statuses = plan.students.map(\.status.rawValue)
                _ = try await connection.query(
                    """
                    INSERT INTO student (id, name, room, status)
                    SELECT * FROM UNNEST(\(ids)::text[], \(names)::text[], \(rooms)::text[], \(statuses)::text[])
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, room = excluded.room, status = excluded.status
                    """,
                    logger: logger
                )
                let tagUIDs = plan.tags.map(\.uid.hex)
                let tagStudents = plan.tags.map(\.studentID)
                _ = try await connection.query(
                    "INSERT INTO tag (uid, student_id) SELECT * FROM UNNEST(\(tagUIDs)::text[], \(tagStudents)::text[]) ON CONFLICT (uid) DO NOTHING",
                    logger: logger
                )
                return plan.summary
            }
        }
    }

    public func roster() async throws(KioskError) -> [RosterEntry] {
        try await failing("read failed") {
            var tags: [String: [TagUID]] = [:]
            for row in try await query("SELECT uid, student_id FROM tag ORDER BY uid COLLATE \"C\"") {
                let (uid, studentID) = try row.decode((String, String).self)
                if let tag = try? TagUID(parsing: uid) { tags[studentID, default: []].append(tag) }
            }
            return try await students(where: "TRUE").map { RosterEntry(student: $0, tags: tags[$0.id] ?? []) }
        }
    }

    /// The students matching `condition` (a fixed SQL expression), sorted by id as SQLite sorts them (bytewise).
    func students(where condition: String) async throws -> [Student] {
        var students: [Student] = []
        let query = PostgresQuery(unsafeSQL: "SELECT id, name, room, status FROM student WHERE \(condition) ORDER BY id COLLATE \"C\"")
        for row in try await self.query(query) {
            let (id, name, room, status) = try row.decode((String, String, String, String).self)
            students.append(Student(id: id, name: name, room: room, status: StudentStatus(rawValue: status) ?? .inactive))
        }
        return students
    }
}
