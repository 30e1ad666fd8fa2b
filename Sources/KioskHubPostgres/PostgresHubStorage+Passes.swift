public import Foundation
public import KioskCore
import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addPass(_ pass: LeavePass, property: String) async throws(KioskError) {
        try await failing("write failed, the pass was not made") {
            _ = try await query(
                """
                INSERT INTO pass (property_id, id, student_id, valid_from, valid_until, reason)
                VALUES (\(property), \(pass.id), \(pass.studentID), \(pass.from.storeMillis), \(pass.until.storeMillis), \(pass.reason))
                """
            )
        }
    }

    public func removePass(id: String, property: String) async throws(KioskError) -> Bool {
        try await failing("write failed, the pass is unchanged") {
            !(try await query("DELETE FROM pass WHERE property_id = \(property) AND id = \(id) RETURNING id")).isEmpty
        }
    }

    public func passes(property: String, from start: Date?, through end: Date?) async throws(KioskError) -> [LeavePass] {
        try await failing("read failed") {
            try await client.withConnection { connection in try await passes(property: property, from: start, through: end, on: connection) }
        }
    }

    /// The passes of `property` covering some instant of [`start`, `end`], read on `connection` (so a report reads
    /// them in its own snapshot).
    func passes(property: String, from start: Date?, through end: Date?, on connection: PostgresConnection) async throws -> [LeavePass] {
        let (first, last) = (start?.storeMillis ?? Int64.min, end?.storeMillis ?? Int64.max)
        return try await run(
            """
            SELECT id, student_id, valid_from, valid_until, reason FROM pass
            WHERE property_id = \(property) AND valid_until >= \(first) AND valid_from <= \(last)
            ORDER BY valid_from, id
            """,
            on: connection
        ).decode((String, String, Int64, Int64, String).self).map { id, studentID, from, until, reason in
            LeavePass(id: id, studentID: studentID, from: Date(storeMillis: from), until: Date(storeMillis: until), reason: reason)
        }
    }
}
