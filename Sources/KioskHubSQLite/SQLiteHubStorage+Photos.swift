public import Foundation
import GRDB
public import KioskCore
import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func setPhoto(_ photo: StoredPhoto, of studentID: String, property: String, at instant: Date) async throws(KioskError) -> Bool {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM student WHERE property_id = ? AND id = ?", arguments: [property, studentID]) != nil
            else { return false }
            try db.execute(
                sql: """
                    INSERT INTO student_photo (property_id, student_id, content_type, digest, bytes, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (property_id, student_id) DO UPDATE SET
                        content_type = excluded.content_type, digest = excluded.digest, bytes = excluded.bytes, updated_at = excluded.updated_at
                    """,
                arguments: [property, studentID, photo.contentType, photo.digest, photo.data, instant.storeMillis]
            )
            return true
        }
    }

    public func photo(of studentID: String, property: String) async throws(KioskError) -> StoredPhoto? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT content_type, digest, bytes FROM student_photo WHERE property_id = ? AND student_id = ?",
                arguments: [property, studentID]
            ).map { row in StoredPhoto(data: row["bytes"], contentType: row["content_type"], digest: row["digest"]) }
        }
    }

    public func photoDigests(property: String) async throws(KioskError) -> [String: String] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT student_id, digest FROM student_photo WHERE property_id = ?", arguments: [property])
            return Dictionary(rows.map { ($0["student_id"] as String, $0["digest"] as String) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
