import Foundation
import KioskCore
import KioskJournal

/// Journals for the in-process figures: the kiosk's own `Journal`, with a roster of numbered students.
enum BenchJournal {
    static let kioskID = "bench"

    /// Student `n`'s card (the same numbering as `BenchKiosk.cardUID`).
    static func card(_ n: Int) throws -> TagUID {
        try TagUID(parsing: BenchKiosk.cardUID(n))
    }

    /// A journal at `path` holding students S0 ... S(count-1).
    static func withRoster(at path: String, students count: Int) async throws -> Journal {
        let journal = try Journal.open(path: path, kioskID: kioskID)
        let rows = try (0..<count).map { "S\($0),Student \($0),\(100 + $0 % 400),\(try card($0).hex)" }
        let csv = (["student_id,name,room,tag_uid"] + rows).joined(separator: "\n")
        _ = try await journal.importRoster(try RosterCSV.parse(csv, file: "bench roster"), file: "bench roster", replace: true)
        return journal
    }
}
