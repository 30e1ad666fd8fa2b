public import KioskCore
import KioskHubStorage

extension HubStore {
    /// The parents' contacts of student `studentID` at `property`, in the roster's order.
    public func parentContacts(of studentID: String, property: String) async throws(KioskError) -> [ParentContact] {
        try await storage.parentContacts(of: studentID, property: property)
    }

    /// Makes `field` (the roster's `parent_contact`: `;`-separated e-mail addresses and E.164 numbers, empty for none)
    /// the contacts of student `studentID` at `property`; a bad contact is a `.dataError` naming it.
    public func setParentContacts(_ field: String, of studentID: String, property: String) async throws(KioskError) {
        let contacts = try Self.parentContacts(parsing: field)
        guard try await storage.setParentContacts(contacts, of: studentID, property: property) else {
            throw KioskError(.dataError, "no student '\(studentID)' at property '\(property)'", domain: .notFound)
        }
        try await audit(.studentEdit, property: property, subject: studentID, detail: "parent contacts: \(contacts.count)")
    }

    /// The contacts of a `parent_contact` field, or a `.dataError` naming the field and the bad value.
    public static func parentContacts(parsing field: String) throws(KioskError) -> [ParentContact] {
        do { return try ParentContact.list(parsing: field) } catch {
            throw KioskError(.dataError, "field 'parent_contact': \(error.message)")
        }
    }
}
