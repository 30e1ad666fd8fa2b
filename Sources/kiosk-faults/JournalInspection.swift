import GRDB

/// What a journal file holds, read straight from SQLite after a fault: its event ids and its integrity.
struct JournalInspection {
    let eventIDs: Set<String>
    let integrity: String

    /// Opens `path` as a reader after its writer died (SQLite recovers the WAL it left) and reads it.
    init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        (eventIDs, integrity) = try queue.read { db in
            let ids = try String.fetchSet(db, sql: "SELECT id FROM event")
            let check = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
            return (ids, check)
        }
        try queue.close()
    }
}
