import GRDB
public import KioskCore
import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func parentContacts(of studentID: String, property: String) async throws(KioskError) -> [ParentContact] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT contact FROM parent_contact WHERE property_id = ? AND student_id = ? ORDER BY position",
                arguments: [property, studentID]
            ).compactMap { try? ParentContact(parsing: $0) }
        }
    }

    public func setParentContacts(_ contacts: [ParentContact], of studentID: String, property: String) async throws(KioskError) -> Bool {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM student WHERE property_id = ? AND id = ?", arguments: [property, studentID]) != nil
            else { return false }
            try Self.replaceParentContacts([studentID: contacts], property: property, db)
            return true
        }
    }

    /// Makes each listed student's contacts the ones given, inside the caller's transaction.
    static func replaceParentContacts(_ contacts: [String: [ParentContact]], property: String, _ db: Database) throws {
        let remove = try db.cachedStatement(sql: "DELETE FROM parent_contact WHERE property_id = ? AND student_id = ?")
        let insert = try db.cachedStatement(sql: "INSERT INTO parent_contact (property_id, student_id, position, contact) VALUES (?, ?, ?, ?)")
        for (studentID, list) in contacts {
            try remove.execute(arguments: [property, studentID])
            for (position, contact) in list.enumerated() { try insert.execute(arguments: [property, studentID, position, contact.value]) }
        }
    }
}
