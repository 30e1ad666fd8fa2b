/// What importing roster rows changes, decided once for every store: the students to add or update, the tags to
/// add, and with `replace` the students to remove and whether every tag goes first. A UID the roster already gives
/// another student aborts a merge, naming file, line and field.
public struct RosterImportPlan: Sendable {
    /// The students of the file, once each, in file order.
    public let students: [Student]
    /// The file's tags, once each, with their student.
    public let tags: [(uid: TagUID, studentID: String)]
    /// With `replace`: the roster's students the file does not name.
    public let removedStudentIDs: [String]
    /// With `replace`: every tag is removed before the file's are added.
    public let clearsTags: Bool

    /// Plans the import of `rows` into a roster holding `existingStudentIDs`, where `owners` gives the current
    /// student of each of the rows' UIDs that has one.
    public init(rows: [RosterRow], file: String, replace: Bool, existingStudentIDs: Set<String>, owners: [TagUID: String]) throws(KioskError) {
        if !replace {
            for row in rows {
                if let owner = owners[row.uid], owner != row.student.id {
                    throw KioskError(.dataError, "\(file):\(row.line): field 'tag_uid': UID \(row.uid) belongs to student '\(owner)' in the roster")
                }
            }
        }
        var seenStudents: Set<String> = []
        var seenTags: Set<TagUID> = []
        students = rows.map(\.student).filter { seenStudents.insert($0.id).inserted }
        tags = rows.filter { seenTags.insert($0.uid).inserted }.map { ($0.uid, $0.student.id) }
        removedStudentIDs = replace ? existingStudentIDs.subtracting(seenStudents).sorted() : []
        clearsTags = replace
    }

    /// What the import changed, as `roster import` reports it.
    public var summary: RosterImportSummary {
        RosterImportSummary(students: students.count, tags: tags.count, removedStudents: removedStudentIDs.count)
    }
}
