import Foundation
import KioskCore
import KioskJournal

/// The students and cards of the scenarios' journals.
enum FaultRoster {
    static let kioskID = "faults"

    /// Student `n`'s card: 4 bytes, unique per student.
    static func card(_ n: Int) throws -> TagUID {
        try TagUID(parsing: String(format: "04%06X", n))
    }

    /// A journal at `path` with `count` students, S0 ... S(count-1).
    static func journal(at path: String, students count: Int) async throws -> Journal {
        let journal = try Journal.open(path: path, kioskID: kioskID)
        let rows = try (0..<count).map { "S\($0),Student \($0),\(100 + $0),\(try card($0).hex)" }
        let csv = (["student_id,name,room,tag_uid"] + rows).joined(separator: "\n")
        _ = try await journal.importRoster(try RosterCSV.parse(csv, file: "faults roster"), file: "faults roster", replace: true)
        return journal
    }
}
