import Crypto
import Foundation
import GRDB
public import KioskCore
public import KioskWire

extension HubStore {
    /// Merges roster rows into the hub's roster in one transaction, or with `replace` makes them the whole
    /// roster; a UID owned by another student aborts the import. Returns the number of students in the file.
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> Int {
        try await write { db in
            if replace {
                try db.execute(sql: "DELETE FROM tag")
                let keep = Set(rows.map(\.student.id))
                for id in try String.fetchAll(db, sql: "SELECT id FROM student") where !keep.contains(id) {
                    try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [id])
                }
            }
            for row in rows {
                if let owner = try String.fetchOne(db, sql: "SELECT student_id FROM tag WHERE uid = ?", arguments: [row.uid.hex]),
                    owner != row.student.id
                {
                    throw KioskError(.dataError, "\(file):\(row.line): field 'tag_uid': UID \(row.uid) belongs to student '\(owner)' in the roster")
                }
                try db.execute(
                    sql: """
                        INSERT INTO student (id, name, room, status) VALUES (?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET name = excluded.name, room = excluded.room, status = excluded.status
                        """,
                    arguments: [row.student.id, row.student.name, row.student.room, row.student.status.rawValue]
                )
                try db.execute(
                    sql: "INSERT INTO tag (uid, student_id) VALUES (?, ?) ON CONFLICT(uid) DO NOTHING",
                    arguments: [row.uid.hex, row.student.id]
                )
            }
            return Set(rows.map(\.student.id)).count
        }
    }

    /// The whole roster sorted by student id, and its ETag (a hash of its content).
    public func roster() async throws(KioskError) -> (roster: WireRoster, etag: String) {
        let roster = try await read { db in
            let tags = Dictionary(
                grouping: try Row.fetchAll(db, sql: "SELECT uid, student_id FROM tag ORDER BY uid"),
                by: { $0["student_id"] as String }
            )
            return WireRoster(
                students: try Row.fetchAll(db, sql: "SELECT * FROM student ORDER BY id").map { row in
                    let id: String = row["id"]
                    return WireStudent(
                        studentId: id,
                        name: row["name"],
                        room: row["room"],
                        status: row["status"],
                        tags: (tags[id] ?? []).map { $0["uid"] }
                    )
                }
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let digest = SHA256.hash(data: (try? encoder.encode(roster)) ?? Data())
        return (roster, "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
    }
}
