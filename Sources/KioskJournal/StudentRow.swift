import GRDB
import KioskCore

/// One row of the `student` table.
struct StudentRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "student"

    var id: String
    var name: String
    var room: String
    var status: String

    init(_ student: Student) {
        id = student.id
        name = student.name
        room = student.room
        status = student.status.rawValue
    }

    var student: Student {
        Student(id: id, name: name, room: room, status: StudentStatus(rawValue: status) ?? .inactive)
    }

    static func find(_ db: Database, id: String) throws -> Student? {
        try StudentRow.fetchOne(db, key: id)?.student
    }
}
