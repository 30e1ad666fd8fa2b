public import KioskCore
import KioskHubStorage
import PostgresNIO

extension PostgresHubStorage {
    public func parentContacts(of studentID: String, property: String) async throws(KioskError) -> [ParentContact] {
        try await failing("read failed") {
            var contacts: [ParentContact] = []
            for contact in try await query(
                "SELECT contact FROM parent_contact WHERE property_id = \(property) AND student_id = \(studentID) ORDER BY position"
            ).decode(String.self) {
                if let parsed = try? ParentContact(parsing: contact) { contacts.append(parsed) }
            }
            return contacts
        }
    }

    public func setParentContacts(_ contacts: [ParentContact], of studentID: String, property: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            try await transaction { connection in
                guard
                    !(try await run("SELECT 1 FROM student WHERE property_id = \(property) AND id = \(studentID) FOR UPDATE", on: connection)).isEmpty
                else { return false }
                try await replaceParentContacts([studentID: contacts], property: property, on: connection)
                return true
            }
        }
    }

    /// Makes each listed student's contacts the ones given, inside the caller's transaction.
    func replaceParentContacts(_ contacts: [String: [ParentContact]], property: String, on connection: PostgresConnection) async throws {
        guard !contacts.isEmpty else { return }
        let students = Array(contacts.keys)
        _ = try await run("DELETE FROM parent_contact WHERE property_id = \(property) AND student_id = ANY(\(students))", on: connection)
        var ids: [String] = []
        var positions: [Int] = []
        var values: [String] = []
        for (studentID, list) in contacts {
            for (position, contact) in list.enumerated() {
                ids.append(studentID)
                positions.append(position)
                values.append(contact.value)
            }
        }
        _ = try await run(
            """
            INSERT INTO parent_contact (property_id, student_id, position, contact)
            SELECT \(property), * FROM UNNEST(\(ids)::text[], \(positions)::int[], \(values)::text[])
            """,
            on: connection
        )
    }
}
