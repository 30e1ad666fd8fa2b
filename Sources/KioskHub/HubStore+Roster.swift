import Crypto
import Foundation
public import KioskCore
public import KioskHubStorage
public import KioskWire

extension HubStore {
    /// Merges roster rows into the roster of `property` in one transaction, or with `replace` makes them its whole
    /// roster; a UID owned by another student of the property aborts the import. The audit log records it as
    /// `action`: a roster import, or one student added or one card enrolled through the console.
    public func importRoster(
        _ rows: [RosterRow],
        file: String,
        replace: Bool,
        property: String = HubProperty.defaultID,
        as action: AuditAction = .rosterImport
    ) async throws(KioskError) -> RosterImportSummary {
        let summary = try await storage.importRoster(rows, file: file, replace: replace, property: property)
        await storage.announce(.day(property: property))
        let subject = action == .rosterImport ? "" : rows.first?.student.id ?? ""
        let cards = Set(rows.compactMap(\.uid)).sorted { $0.description < $1.description }.map(\.description)
        let detail =
            action == .rosterImport
            ? "\(file): \(rows.count) row\(rows.count == 1 ? "" : "s")\(replace ? ", replacing the roster" : "")"
            : cards.isEmpty ? "" : "card " + cards.joined(separator: ", ")
        try await audit(action, property: property, subject: subject, detail: detail)
        return summary
    }

    /// The whole roster of `property`, sorted by student id, each student with their cards.
    public func rosterEntries(property: String) async throws(KioskError) -> [RosterEntry] {
        try await storage.roster(property: property)
    }

    /// The whole roster of `property` sorted by student id (each student with the digest of their photo) with the
    /// property's name, its leave passes and the students it erased, and its ETag (a hash of its content, so a pass made or cancelled, or an erasure, changes it).
    public func roster(property: String = HubProperty.defaultID) async throws(KioskError) -> (roster: WireRoster, etag: String) {
        let entries = try await storage.roster(property: property)
        var roster = WireRoster(entries, passes: try await storage.passes(property: property, from: nil, through: nil))
        roster.erasures = try await storage.erasedStudents(property: property).map { student in
            WireErasure(pseudonym: student.pseudonym, erasedAt: WireTime.format(student.erasedAt), subjects: student.subjects)
        }
        let photos = try await storage.photoDigests(property: property)
        for index in roster.students.indices { roster.students[index].photo = photos[roster.students[index].studentId] }
        roster.propertyName = try await self.property(property).name
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let digest = SHA256.hash(data: (try? encoder.encode(roster)) ?? Data())
        return (roster, "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
    }
}
