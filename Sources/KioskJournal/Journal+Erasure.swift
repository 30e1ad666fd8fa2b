import Foundation
import GRDB
public import KioskCore
import KioskStore

/// Erasure on the gate (CONTRACT.md "Erasure"): what the hub erased leaves the journal at the next sync, each of the
/// kiosk's own events keeping its place in the signed log by its leaf hash.
extension Journal {
    /// Keeps the erasures the hub's roster names that the journal has not kept yet, to be carried out; returns how
    /// many were new.
    public func keepErasures(_ erasures: [ErasedStudent]) async throws(KioskError) -> Int {
        guard !erasures.isEmpty else { return 0 }
        return try await write { db in
            let insert = try db.cachedStatement(
                sql: "INSERT INTO erased_student (pseudonym, erased_at, subjects) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
            )
            var kept = 0
            for erasure in erasures {
                try insert.execute(arguments: [erasure.pseudonym, erasure.erasedAt.storeMillis, erasure.subjects.joined(separator: " ")])
                kept += db.changesCount
            }
            return kept
        }
    }

    /// The erasures kept whose events are not all erased yet.
    public func erasuresToCarryOut() async throws(KioskError) -> [ErasedStudent] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT pseudonym, erased_at, subjects FROM erased_student WHERE applied = 0 ORDER BY erased_at").map { row in
                ErasedStudent(
                    pseudonym: row["pseudonym"],
                    erasedAt: Date(storeMillis: row["erased_at"]),
                    subjects: (row["subjects"] as String).split(separator: " ").map(String.init)
                )
            }
        }
    }

    /// Every student id and card UID (uppercase hex) the journal's events and roster hold.
    public func heldSubjects() async throws(KioskError) -> (studentIDs: [String], uids: [String]) {
        try await read { db in
            let ids = try String.fetchAll(db, sql: "SELECT student_id FROM event WHERE student_id IS NOT NULL UNION SELECT id FROM student")
            let uids = try String.fetchAll(db, sql: "SELECT uid FROM event WHERE uid IS NOT NULL UNION SELECT uid FROM tag")
            return (ids, uids)
        }
    }

    /// Erases `erasure`'s student (their ids `studentIDs` and cards `uids`) from the journal in one transaction: their
    /// roster entries, tags and passes go; their events take the pseudonym, lose the UID and, in a reason, their id,
    /// name and UIDs. An event of this kiosk keeps its leaf hash from the stored tree; one still to be pushed, or not
    /// yet in the tree, waits for a later call (the hub erases it as it arrives). Returns how many events changed and
    /// whether none is left to erase, after which the erasure is done.
    public func erase(
        _ erasure: ErasedStudent,
        studentIDs: [String],
        uids: [String]
    ) async throws(KioskError) -> (events: Int, done: Bool) {
        let kioskID = self.kioskID
        let result = try await writeFacts { db -> (Int, Bool) in
            let ids = databaseQuestionMarks(count: studentIDs.count)
            let cards = databaseQuestionMarks(count: uids.count)
            let names = try String.fetchAll(db, sql: "SELECT name FROM student WHERE id IN (\(ids))", arguments: StatementArguments(studentIDs))
            let words = studentIDs + names + uids
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, kiosk_id, seq, student_id, reason, sync_state FROM event
                    WHERE leaf_hash IS NULL AND (student_id IN (\(ids)) OR uid IN (\(cards)))
                    """,
                arguments: StatementArguments(studentIDs + uids)
            )
            let treeSize = try Self.logSize(db)
            let update = try db.cachedStatement(
                sql: """
                    UPDATE event SET uid = NULL, student_id = ?, reason = ?,
                        leaf_hash = CASE WHEN kiosk_id = ? THEN (
                            SELECT substr(hashes, (event.seq - 1) % 256 * 32 + 1, 32) FROM log_tile WHERE level = 0 AND idx = (event.seq - 1) / 256
                        ) END
                    WHERE id = ?
                    """
            )
            var (changed, done) = (0, true)
            for row in rows {
                let own = (row["kiosk_id"] as String) == kioskID
                if own && ((row["sync_state"] as String) != "synced" || (row["seq"] as Int64) > treeSize) {
                    done = false
                    continue
                }
                let studentID: String? = row["student_id"]
                try update.execute(arguments: [
                    studentID.map { studentIDs.contains($0) ? erasure.pseudonym : $0 },
                    (row["reason"] as String?).map { StudentErasure.redacted($0, removing: words) },
                    kioskID,
                    row["id"],
                ])
                changed += 1
            }
            try db.execute(sql: "DELETE FROM pass WHERE student_id IN (\(ids))", arguments: StatementArguments(studentIDs))
            try db.execute(sql: "DELETE FROM tag WHERE student_id IN (\(ids)) OR uid IN (\(cards))", arguments: StatementArguments(studentIDs + uids))
            try db.execute(sql: "DELETE FROM student WHERE id IN (\(ids))", arguments: StatementArguments(studentIDs))
            if done { try db.execute(sql: "UPDATE erased_student SET applied = 1 WHERE pseudonym = ?", arguments: [erasure.pseudonym]) }
            return (changed, done)
        }
        return result
    }

    /// Rewrites the journal so nothing erased stays readable in its file or write-ahead log.
    public func compact() async throws(KioskError) {
        try await database.compact()
    }
}
