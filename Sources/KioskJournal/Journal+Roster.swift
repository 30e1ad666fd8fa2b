public import KioskCore
import KioskStore

extension Journal {
    /// Merges `rows` into the roster in one transaction (adding or updating students, adding tags), or with
    /// `replace` makes them the whole roster. Any conflict aborts the import with nothing changed.
    public func importRoster(_ rows: [RosterRow], file: String, replace: Bool) async throws(KioskError) -> RosterImportSummary {
        try await writeFacts { db in try RosterTables.importRows(rows, file: file, replace: replace, in: db) }
    }

    /// The whole roster, sorted by student id, each student with their tags.
    public func roster() async throws(KioskError) -> [RosterEntry] {
        try await read { db in try RosterTables.entries(db) }
    }

    /// Binds `uid` to an existing student. Binding a tag already bound to that student changes nothing;
    /// a tag bound to someone else is refused.
    /// - Returns: whether a new binding was made.
    @discardableResult
    public func enroll(uid: TagUID, studentID: String) async throws(KioskError) -> Bool {
        try await writeFacts { db in
            try RosterTables.enroll(uid, studentID: studentID, missing: "import them with `kiosk roster import` first", in: db)
        }
    }
}
