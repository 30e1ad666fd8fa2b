import Crypto
import Foundation
public import KioskCore
public import KioskWire

extension HubStore {
    /// Merges roster rows into the roster of `property` in one transaction, or with `replace` makes them its whole
    /// roster; a UID owned by another student of the property aborts the import.
    public func importRoster(
        _ rows: [RosterRow],
        file: String,
        replace: Bool,
        property: String = HubProperty.defaultID
    ) async throws(KioskError) -> RosterImportSummary {
        try await storage.importRoster(rows, file: file, replace: replace, property: property)
    }

    /// The whole roster of `property`, sorted by student id, each student with their cards.
    public func rosterEntries(property: String) async throws(KioskError) -> [RosterEntry] {
        try await storage.roster(property: property)
    }

    /// The whole roster of `property` sorted by student id, and its ETag (a hash of its content).
    public func roster(property: String = HubProperty.defaultID) async throws(KioskError) -> (roster: WireRoster, etag: String) {
        let roster = WireRoster(try await storage.roster(property: property))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let digest = SHA256.hash(data: (try? encoder.encode(roster)) ?? Data())
        return (roster, "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
    }
}
