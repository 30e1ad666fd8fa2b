import Foundation
import GRDB
import KioskCore
import KioskJournal
import KioskStore

/// A kiosk journal holding `count` of its own events not yet synced: the backlog of a kiosk that was cut off
/// from its hub. Written through the journal's bulk path for other gates' events, then made this kiosk's own
/// pending events in one statement (recording them one committed tap at a time would take minutes).
public enum Backlog {
    /// Writes the backlog into a new journal at `path` of kiosk `kioskID`, with a roster of 500 numbered students;
    /// the taps are those of `students` in turn, each student's alternating in and out.
    public static func journal(at path: String, kioskID: String, events count: Int, students: Range<Int> = 0..<500) async throws {
        let journal = try await NumberedRoster.journal(at: path, kioskID: kioskID, students: 500)
        let start = Date().addingTimeInterval(-Double(count))
        var batch: [EventRecord] = []
        for seq in 1...Int64(count) {
            let instant = start.addingTimeInterval(Double(seq))
            let (round, student) = Int(seq).quotientAndRemainder(dividingBy: students.count)
            batch.append(
                NumberedRoster.tapEvent(
                    kioskID: "backlog",
                    seq: seq,
                    student: students.lowerBound + student,
                    direction: round % 2 == 0 ? .in : .out,
                    at: instant
                )
            )
            if batch.count == 20_000 || seq == Int64(count) {
                _ = try await journal.insertPulled(batch, cursor: 0, at: Date())
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await journal.database.write { db in
            try db.execute(sql: "UPDATE event SET kiosk_id = ?, sync_state = 'pending', synced_at = NULL", arguments: [kioskID])
        }
        // Closed as `kiosk` closes it when it stops: the next start need not check the whole file.
        try journal.close()
    }
}
