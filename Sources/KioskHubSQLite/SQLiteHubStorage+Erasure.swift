import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskLog
import KioskStore

extension SQLiteHubStorage {
    public func erase(_ erasure: StudentErasurePlan) async throws(KioskError) -> Int {
        let alertBodies = erasure.alerts.map { ($0.id, String(decoding: $0.json, as: UTF8.self)) }
        return try await database.write { db in
            try Self.eraseEvents(erasure.events, property: erasure.property, db)
            let alert = try db.cachedStatement(sql: "UPDATE alert SET body = ? WHERE id = ? AND property_id = ?")
            for (id, body) in alertBodies { try alert.execute(arguments: [body, id, erasure.property]) }
            let entry = try db.cachedStatement(
                sql: "UPDATE audit_entry SET leaf_hash = ?, actor = '', subject = '', detail = '' WHERE property_id = ? AND seq = ?"
            )
            for removed in erasure.auditEntries {
                try entry.execute(arguments: [Data(removed.leafHash.bytes), erasure.property, removed.seq])
            }
            try db.execute(sql: "DELETE FROM pass WHERE property_id = ? AND student_id = ?", arguments: [erasure.property, erasure.studentID])
            let passes = db.changesCount
            try db.execute(sql: "DELETE FROM tag WHERE property_id = ? AND student_id = ?", arguments: [erasure.property, erasure.studentID])
            try db.execute(
                sql: "DELETE FROM parent_contact WHERE property_id = ? AND student_id = ?",
                arguments: [erasure.property, erasure.studentID]
            )
            try db.execute(
                sql: "DELETE FROM student_photo WHERE property_id = ? AND student_id = ?",
                arguments: [erasure.property, erasure.studentID]
            )
            try db.execute(sql: "DELETE FROM student WHERE property_id = ? AND id = ?", arguments: [erasure.property, erasure.studentID])
            try db.execute(
                sql: "INSERT INTO erased_student (property_id, pseudonym, erased_at, subjects) VALUES (?, ?, ?, ?)",
                arguments: [erasure.property, erasure.pseudonym, erasure.erasedAt.storeMillis, erasure.subjects.joined(separator: " ")]
            )
            return passes
        }
    }

    public func eraseEvents(_ events: [ErasedEvent], property: String) async throws(KioskError) {
        try await database.write { db in try Self.eraseEvents(events, property: property, db) }
    }

    public func erasedStudents(property: String) async throws(KioskError) -> [ErasedStudent] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT pseudonym, erased_at, subjects FROM erased_student WHERE property_id = ? ORDER BY erased_at, pseudonym",
                arguments: [property]
            ).map { row in
                ErasedStudent(
                    pseudonym: row["pseudonym"],
                    erasedAt: Date(storeMillis: row["erased_at"]),
                    subjects: (row["subjects"] as String).split(separator: " ").map(String.init)
                )
            }
        }
    }

    public func compactAfterErasure() async throws(KioskError) {
        try await database.compact()
    }

    private static func eraseEvents(_ events: [ErasedEvent], property: String, _ db: Database) throws {
        let event = try db.cachedStatement(
            sql: "UPDATE event SET leaf_hash = ?, uid = NULL, student_id = ?, reason = ? WHERE id = ? AND property_id = ?"
        )
        for erased in events {
            try event.execute(arguments: [erased.leafHash.map { Data($0.bytes) }, erased.studentID, erased.reason, erased.id, property])
        }
    }
}
