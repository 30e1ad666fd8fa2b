import Foundation
public import KioskCore
import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool, property: String) async throws(KioskError) -> RosterImportSummary {
        try await failing("write failed, the roster is unchanged") {
            try await transaction { connection in
                var owners: [TagUID: String] = [:]
                let uids = Array(Set(rows.map(\.uid.hex)))
                for (uid, owner) in try await run(
                    "SELECT uid, student_id FROM tag WHERE property_id = \(property) AND uid = ANY(\(uids))",
                    on: connection
                ).decode((String, String).self) {
                    if let tag = try? TagUID(parsing: uid) { owners[tag] = owner }
                }
                var existing: Set<String> = []
                for id in try await run("SELECT id FROM student WHERE property_id = \(property)", on: connection).decode(
                    String.self
                ) { existing.insert(id) }
                let plan = try RosterImportPlan(rows: rows, file: file, replace: replace, existingStudentIDs: existing, owners: owners)
                if !plan.removedStudentIDs.isEmpty {
                    _ = try await run(
                        "DELETE FROM student WHERE property_id = \(property) AND id = ANY(\(plan.removedStudentIDs))",
                        on: connection
                    )
                }
                if plan.clearsTags { _ = try await run("DELETE FROM tag WHERE property_id = \(property)", on: connection) }
                let ids = plan.students.map(\.id)
                let names = plan.students.map(\.name)
                let rooms = plan.students.map(\.room)
                let statuses = plan.students.map(\.status.rawValue)
                _ = try await run(
                    """
                    INSERT INTO student (property_id, id, name, room, status)
                    SELECT \(property), * FROM UNNEST(\(ids)::text[], \(names)::text[], \(rooms)::text[], \(statuses)::text[])
                    ON CONFLICT (property_id, id) DO UPDATE SET name = excluded.name, room = excluded.room, status = excluded.status
                    """,
                    on: connection
                )
                let tagUIDs = plan.tags.map(\.uid.hex)
                let tagStudents = plan.tags.map(\.studentID)
                _ = try await run(
                    """
                    INSERT INTO tag (property_id, uid, student_id) SELECT \(property), * FROM UNNEST(\(tagUIDs)::text[], \(tagStudents)::text[])
                    ON CONFLICT (property_id, uid) DO NOTHING
                    """,
                    on: connection
                )
                try await replaceParentContacts(RosterRow.parentContacts(of: rows), property: property, on: connection)
                return plan.summary
            }
        }
    }

    public func roster(property: String) async throws(KioskError) -> [RosterEntry] {
        try await failing("read failed") {
            var tags: [String: [TagUID]] = [:]
            for (uid, studentID) in try await query(
                "SELECT uid, student_id FROM tag WHERE property_id = \(property) ORDER BY uid"
            ).decode((String, String).self) {
                if let tag = try? TagUID(parsing: uid) { tags[studentID, default: []].append(tag) }
            }
            var entries: [RosterEntry] = []
            for (id, name, room, status) in try await query(
                "SELECT id, name, room, status FROM student WHERE property_id = \(property) ORDER BY id"
            ).decode((String, String, String, String).self) {
                let student = Student(id: id, name: name, room: room, status: StudentStatus(rawValue: status) ?? .inactive)
                entries.append(RosterEntry(student: student, tags: tags[id] ?? []))
            }
            return entries
        }
    }
}
