public import Foundation
public import KioskCore
import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func setPhoto(_ photo: StoredPhoto, of studentID: String, property: String, at instant: Date) async throws(KioskError) -> Bool {
        try await failing("write failed, the photo is unchanged") {
            !(try await query(
                """
                INSERT INTO student_photo (property_id, student_id, content_type, digest, bytes, updated_at)
                SELECT property_id, id, \(photo.contentType), \(photo.digest), \(photo.data), \(instant.storeMillis)
                FROM student WHERE property_id = \(property) AND id = \(studentID)
                ON CONFLICT (property_id, student_id) DO UPDATE SET
                    content_type = excluded.content_type, digest = excluded.digest, bytes = excluded.bytes, updated_at = excluded.updated_at
                RETURNING student_id
                """
            )).isEmpty
        }
    }

    public func photo(of studentID: String, property: String) async throws(KioskError) -> StoredPhoto? {
        try await failing("read failed") {
            try await query("SELECT content_type, digest, bytes FROM student_photo WHERE property_id = \(property) AND student_id = \(studentID)")
                .decode((String, String, Data).self)
                .map { contentType, digest, data in StoredPhoto(data: data, contentType: contentType, digest: digest) }
                .first
        }
    }

    public func photoDigests(property: String) async throws(KioskError) -> [String: String] {
        try await failing("read failed") {
            let rows = try await query("SELECT student_id, digest FROM student_photo WHERE property_id = \(property)").decode((String, String).self)
            return Dictionary(rows, uniquingKeysWith: { first, _ in first })
        }
    }
}
