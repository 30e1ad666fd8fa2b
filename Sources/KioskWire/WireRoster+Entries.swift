public import KioskCore

extension WireRoster {
    /// The roster as `GET /v1/roster` sends it, in the order given.
    public init(_ entries: [RosterEntry]) {
        self.init(
            students: entries.map { entry in
                WireStudent(
                    studentId: entry.student.id,
                    name: entry.student.name,
                    room: entry.student.room,
                    status: entry.student.status.rawValue,
                    tags: entry.tags.map(\.hex)
                )
            }
        )
    }

    /// The roster's entries; a student of unknown status counts as inactive and a malformed tag is left out, so
    /// nothing the hub sends can make a card count that should not.
    public var entries: [RosterEntry] {
        students.map { student in
            RosterEntry(
                student: Student(
                    id: student.studentId,
                    name: student.name,
                    room: student.room,
                    status: StudentStatus(rawValue: student.status) ?? .inactive
                ),
                tags: student.tags.compactMap { try? TagUID(parsing: $0) }
            )
        }
    }

    /// The digest of each student's photo by student id; a digest that is not 64 hex digits is left out.
    public var photoDigests: [String: String] {
        Dictionary(
            students.compactMap { student in
                student.photo.flatMap { $0.count == 64 && $0.allSatisfy(\.isHexDigit) ? (student.studentId, $0) : nil }
            },
            uniquingKeysWith: { first, _ in first }
        )
    }
}
