/// The roster page's form adding one student with one card.
public struct NewStudentForm: Decodable, Sendable {
    public let studentId: String
    public let name: String
    public let room: String
    public let uid: String
}

/// A card named on the roster or a student's page (to revoke it).
public struct CardForm: Decodable, Sendable {
    public let uid: String
}

/// An unknown card given to a student.
public struct EnrolForm: Decodable, Sendable {
    public let uid: String
    public let studentId: String
}

/// A student's page's form changing their name, room, status and parents' contacts (`;`-separated).
public struct StudentEditForm: Decodable, Sendable {
    public let name: String
    public let room: String
    public let status: String
    public let parentContact: String?
}
