public import Foundation
public import KioskCore

/// Each property's roster (students and their cards) and leave passes.
public protocol RosterStorage: Sendable {
    /// Merges `rows` into the roster of `property` in one transaction, or with `replace` makes them its whole roster;
    /// any conflict aborts it with nothing changed.
    func importRoster(_ rows: [RosterRow], file: String, replace: Bool, property: String) async throws(KioskError) -> RosterImportSummary
    /// The whole roster of `property`, sorted by student id.
    func roster(property: String) async throws(KioskError) -> [RosterEntry]
    /// Changes one student's name, room and status at `property`; false when there is no such student.
    func updateStudent(_ student: Student, property: String) async throws(KioskError) -> Bool
    /// Removes tag `uid` from the roster of `property`; returns the student who held it, nil when nobody did.
    func removeTag(_ uid: TagUID, property: String) async throws(KioskError) -> String?
    /// Stores `pass` in `property`; the caller checked that its student is an active one of the property.
    func addPass(_ pass: LeavePass, property: String) async throws(KioskError)
    /// Removes the pass `id` of `property`; false when there is none.
    func removePass(id: String, property: String) async throws(KioskError) -> Bool
    /// The passes of `property` covering some instant of [`start`, `end`] (every one when both are nil), by start,
    /// then id.
    func passes(property: String, from start: Date?, through end: Date?) async throws(KioskError) -> [LeavePass]
}
