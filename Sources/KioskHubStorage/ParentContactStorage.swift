public import KioskCore

/// The parents' contacts of each property's students (CONTRACT.md "Parents"), kept only on the hub: gates never need
/// them. A roster import that has the `parent_contact` column sets them in its own transaction.
public protocol ParentContactStorage: Sendable {
    /// The contacts of `studentID` at `property`, in the roster's order; empty when none.
    func parentContacts(of studentID: String, property: String) async throws(KioskError) -> [ParentContact]
    /// Makes `contacts` the contacts of `studentID` at `property`; false when there is no such student.
    func setParentContacts(_ contacts: [ParentContact], of studentID: String, property: String) async throws(KioskError) -> Bool
}
