public import Foundation
public import KioskCore

/// Each property's students' photos (CONTRACT.md "The gate's screen"), one per student, gone with the student.
public protocol PhotoStorage: Sendable {
    /// Makes `photo` the photo of `studentID` at `property`; false when there is no such student.
    func setPhoto(_ photo: StoredPhoto, of studentID: String, property: String, at instant: Date) async throws(KioskError) -> Bool
    /// The photo of `studentID` at `property`, nil when they have none.
    func photo(of studentID: String, property: String) async throws(KioskError) -> StoredPhoto?
    /// The digest of each photo at `property`, by student id.
    func photoDigests(property: String) async throws(KioskError) -> [String: String]
}
