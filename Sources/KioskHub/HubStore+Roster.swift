import Crypto
import Foundation
public import KioskCore
public import KioskWire

extension HubStore {
    /// Merges roster rows into the hub's roster in one transaction, or with `replace` makes them the whole
    /// roster; a UID owned by another student aborts the import.
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary {
        try await storage.importRoster(rows, file: file, replace: replace)
    }

    /// The whole roster sorted by student id, and its ETag (a hash of its content).
    public func roster() async throws(KioskError) -> (roster: WireRoster, etag: String) {
        let roster = WireRoster(try await storage.roster())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let digest = SHA256.hash(data: (try? encoder.encode(roster)) ?? Data())
        return (roster, "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
    }
}
