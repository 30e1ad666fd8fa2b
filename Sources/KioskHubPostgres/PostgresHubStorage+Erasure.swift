import Foundation
public import KioskCore
public import KioskHubStorage
import KioskLog
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func erase(_ erasure: StudentErasurePlan) async throws(KioskError) -> Int {
        let (property, studentID) = (erasure.property, erasure.studentID)
        return try await failing("write failed") {
            try await transaction { connection in
                try await eraseEvents(erasure.events, property: property, on: connection)
                for alert in erasure.alerts {
                    let body = String(decoding: alert.json, as: UTF8.self)
                    try await run("UPDATE alert SET body = \(body) WHERE id = \(alert.id) AND property_id = \(property)", on: connection)
                }
                for removed in erasure.auditEntries {
                    try await run(
                        """
                        UPDATE audit_entry SET leaf_hash = decode(\(removed.leafHash.base64), 'base64'), actor = '', subject = '', detail = ''
                        WHERE property_id = \(property) AND seq = \(removed.seq)
                        """,
                        on: connection
                    )
                }
                let passes = try await run(
                    "DELETE FROM pass WHERE property_id = \(property) AND student_id = \(studentID) RETURNING id",
                    on: connection
                ).count
                try await run("DELETE FROM tag WHERE property_id = \(property) AND student_id = \(studentID)", on: connection)
                try await run("DELETE FROM parent_contact WHERE property_id = \(property) AND student_id = \(studentID)", on: connection)
                try await run("DELETE FROM student_photo WHERE property_id = \(property) AND student_id = \(studentID)", on: connection)
                try await run("DELETE FROM student WHERE property_id = \(property) AND id = \(studentID)", on: connection)
                try await run(
                    """
                    INSERT INTO erased_student (property_id, pseudonym, erased_at, subjects)
                    VALUES (\(property), \(erasure.pseudonym), \(erasure.erasedAt.storeMillis), \(erasure.subjects.joined(separator: " ")))
                    """,
                    on: connection
                )
                return passes
            }
        }
    }

    public func eraseEvents(_ events: [ErasedEvent], property: String) async throws(KioskError) {
        try await failing("write failed") {
            try await transaction { connection in try await eraseEvents(events, property: property, on: connection) }
        }
    }

    public func erasedStudents(property: String) async throws(KioskError) -> [ErasedStudent] {
        try await failing("read failed") {
            try await query(
                "SELECT pseudonym, erased_at, subjects FROM erased_student WHERE property_id = \(property) ORDER BY erased_at, pseudonym"
            ).decode((String, Int64, String).self).map { pseudonym, erasedAt, subjects in
                ErasedStudent(pseudonym: pseudonym, erasedAt: Date(storeMillis: erasedAt), subjects: subjects.split(separator: " ").map(String.init))
            }
        }
    }

    public func compactAfterErasure() async throws(KioskError) {
        try await failing("vacuum failed", within: .seconds(600)) {
            _ = try await query("VACUUM event, alert, audit_entry, pass, tag, student")
        }
    }

    private func eraseEvents(_ events: [ErasedEvent], property: String, on connection: PostgresConnection) async throws {
        for erased in events {
            try await run(
                """
                UPDATE event SET leaf_hash = decode(\(erased.leafHash?.base64), 'base64'), uid = NULL, student_id = \(erased.studentID),
                    reason = \(erased.reason)
                WHERE id = \(erased.id) AND property_id = \(property)
                """,
                on: connection
            )
        }
    }
}
