import Foundation
public import KioskCore

extension NewStudentForm {
    /// The name a message gives the form, as it gives a roster file's.
    public static let file = "the new student form"

    /// The form as one row of a roster CSV, read by the roster CSV's own rules and messages: every field quoted, so a
    /// comma, quote or line break in one stays inside it (and is refused there).
    public func rosterRows() throws(KioskError) -> [RosterRow] {
        let fields = [studentId, name, room, uid].map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return try RosterCSV.parse("student_id,name,room,tag_uid\n" + fields.joined(separator: ",") + "\n", file: Self.file)
    }
}

extension StudentEditForm {
    /// The student `id` as the form changes them, trimmed as the roster CSV trims its fields (a line break is refused
    /// by the roster's rules, not dropped); nil for a status that is neither active nor inactive.
    public func student(id: String) -> Student? {
        guard let status = StudentStatus(rawValue: status) else { return nil }
        return Student(id: id, name: name.trimmingCharacters(in: .whitespaces), room: room.trimmingCharacters(in: .whitespaces), status: status)
    }
}
