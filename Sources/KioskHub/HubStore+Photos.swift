public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskWire

extension HubStore {
    /// Makes the JPEG or PNG in `data` (named `source` in messages) the photo of student `studentID` of `property`,
    /// after `StudentPhoto`'s checks (bad data, 65, naming the reason); an unknown student is bad data naming them.
    /// Kiosks of the property get it with their next roster pull.
    @discardableResult
    public func setStudentPhoto(
        _ studentID: String,
        data: Data,
        source: String,
        property: String = HubProperty.defaultID,
        now: Date
    ) async throws(KioskError) -> StoredPhoto {
        let photo = try StudentPhoto(data, source: source)
        let stored = StoredPhoto(photo)
        guard try await storage.setPhoto(stored, of: studentID, property: property, at: now) else {
            throw KioskError(.dataError, "unknown student '\(studentID)' in property '\(property)'", domain: .notFound)
        }
        await storage.announce(.day(property: property))
        try await audit(
            .studentPhoto,
            property: property,
            subject: studentID,
            detail: "\(photo.format.rawValue) \(photo.width)x\(photo.height), sha256 \(stored.digest.prefix(12))",
            now: now
        )
        return stored
    }

    /// The photo of student `studentID` of `property`, nil when they have none.
    public func studentPhoto(_ studentID: String, property: String = HubProperty.defaultID) async throws(KioskError) -> StoredPhoto? {
        try await storage.photo(of: studentID, property: property)
    }
}
