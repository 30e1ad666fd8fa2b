/// Whether a student counts in attendance.
public enum StudentStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case active
    case inactive
}

/// A resident of the PG as the roster knows them.
public struct Student: Sendable, Hashable, Identifiable {
    public let id: String
    public var name: String
    public var room: String
    public var status: StudentStatus

    public init(id: String, name: String, room: String, status: StudentStatus = .active) {
        self.id = id
        self.name = name
        self.room = room
        self.status = status
    }

    /// Why `value` cannot be a roster field (a student id, name or room) as written, or nil: every field wherever it
    /// enters (the roster CSV, the console's forms) has a value when `required` and no control character, which would
    /// rewrite a terminal, split a CSV row or a live page's stream, or end the text early in C code.
    public static func fieldProblem(_ value: String, required: Bool = true) -> String? {
        if required && value.isEmpty { return "missing value" }
        return RecordLimits.controlCharacter(in: value).map { "contains the control character \($0)" }
    }
}

/// A student with the tags bound to them.
public struct RosterEntry: Sendable, Hashable {
    public var student: Student
    public var tags: [TagUID]

    public init(student: Student, tags: [TagUID]) {
        self.student = student
        self.tags = tags
    }
}
