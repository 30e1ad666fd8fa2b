import Foundation

/// One data row of a roster CSV: a student and one of their tags.
public struct RosterRow: Sendable, Hashable {
    /// The 1-based line the row starts on.
    public let line: Int
    public let student: Student
    public let uid: TagUID
    /// The parents' contacts the row gives (`parent_contact`); nil when the file has no such column, which leaves
    /// the contacts a store holds as they are.
    public let parentContacts: [ParentContact]?

    public init(line: Int, student: Student, uid: TagUID, parentContacts: [ParentContact]? = nil) {
        self.line = line
        self.student = student
        self.uid = uid
        self.parentContacts = parentContacts
    }
}

/// The roster CSV of the contract: RFC 4180, UTF-8 (BOM accepted), header `student_id,name,room,tag_uid`
/// with an optional `status` column (`active` or `inactive`, empty = active) and an optional `parent_contact` column
/// (`;`-separated e-mail addresses and E.164 phone numbers). Columns may come in any order; other columns are ignored.
public enum RosterCSV {
    /// Parses and checks a whole file; the first problem throws a `.dataError` naming file, line and field.
    public static func parse(_ text: String, file: String) throws(KioskError) -> [RosterRow] {
        let records = try CSVRecords.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: file)
        guard let header = records.first else { throw KioskError(.dataError, "\(file): empty file, expected a header row") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var column: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            guard column[name] == nil || name.isEmpty else {
                throw KioskError(.dataError, "\(file):\(header.line): column \(index + 1): '\(name)' appears twice in the header row")
            }
            column[name] = index
        }
        for required in ["student_id", "name", "room", "tag_uid"] where column[required] == nil {
            throw KioskError(.dataError, "\(file):\(header.line): missing column '\(required)' in the header row")
        }
        var ownerOfUID: [TagUID: (student: String, line: Int)] = [:]
        var studentAt: [String: (student: Student, line: Int)] = [:]
        var rows: [RosterRow] = []
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            guard record.fields.count <= names.count else {
                throw KioskError(
                    .dataError,
                    "\(file):\(record.line): column \(names.count + 1): the row has \(record.fields.count) fields but the header has \(names.count) columns"
                )
            }
            func field(_ name: String, required: Bool = true) throws(KioskError) -> String {
                guard let index = column[name] else { return "" }
                guard index < record.fields.count else {
                    throw KioskError(.dataError, "\(file):\(record.line): field '\(name)': missing (the row has \(record.fields.count) fields)")
                }
                let value = record.fields[index].trimmingCharacters(in: .whitespaces)
                if let problem = Student.fieldProblem(value, required: required) {
                    throw KioskError(.dataError, "\(file):\(record.line): field '\(name)': \(problem)")
                }
                return value
            }
            let statusText = try field("status", required: false)
            guard let status = statusText.isEmpty ? .active : StudentStatus(rawValue: statusText) else {
                throw KioskError(.dataError, "\(file):\(record.line): field 'status': unknown status '\(statusText)' (active or inactive)")
            }
            let studentID = try field("student_id")
            guard studentID.count <= RecordLimits.identifier else {
                throw KioskError(
                    .dataError,
                    "\(file):\(record.line): field 'student_id': \(studentID.count) characters; a student id has at most \(RecordLimits.identifier)"
                )
            }
            // A page's address holds the id: `.` and `..` would name another page.
            guard studentID != "." && studentID != ".." else {
                throw KioskError(.dataError, "\(file):\(record.line): field 'student_id': '\(studentID)' cannot be a student id")
            }
            let student = Student(id: studentID, name: try field("name"), room: try field("room"), status: status)
            let uidText = try field("tag_uid")
            let uid: TagUID
            do { uid = try TagUID(parsing: uidText) } catch {
                throw KioskError(.dataError, "\(file):\(record.line): field 'tag_uid': \(error.message)")
            }
            if let earlier = studentAt[student.id], earlier.student != student {
                throw KioskError(
                    .dataError,
                    "\(file):\(record.line): student '\(student.id)' differs from line \(earlier.line) (name, room or status)"
                )
            }
            if let owner = ownerOfUID[uid], owner.student != student.id {
                throw KioskError(
                    .dataError,
                    "\(file):\(record.line): field 'tag_uid': UID \(uid) is already mapped to student '\(owner.student)' on line \(owner.line)"
                )
            }
            studentAt[student.id] = studentAt[student.id] ?? (student, record.line)
            ownerOfUID[uid] = ownerOfUID[uid] ?? (student.id, record.line)
            var contacts: [ParentContact]?
            if column["parent_contact"] != nil {
                let text = try field("parent_contact", required: false)
                do { contacts = try ParentContact.list(parsing: text) } catch {
                    throw KioskError(.dataError, "\(file):\(record.line): field 'parent_contact': \(error.message)")
                }
            }
            rows.append(RosterRow(line: record.line, student: student, uid: uid, parentContacts: contacts))
        }
        return rows
    }
}

/// What a roster import changed.
public struct RosterImportSummary: Sendable, Hashable {
    /// Students in the file.
    public let students: Int
    /// Tags in the file.
    public let tags: Int
    /// Students that `--replace` removed from the roster.
    public let removedStudents: Int

    public init(students: Int, tags: Int, removedStudents: Int) {
        self.students = students
        self.tags = tags
        self.removedStudents = removedStudents
    }
}
