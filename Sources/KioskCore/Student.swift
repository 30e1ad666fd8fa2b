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
