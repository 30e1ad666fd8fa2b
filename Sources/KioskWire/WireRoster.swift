/// One student of the hub's roster with their tags, as `GET /v1/roster` sends it.
public struct WireStudent: Codable, Sendable, Hashable {
    public var studentId: String
    public var name: String
    public var room: String
    /// `active` or `inactive`.
    public var status: String
    /// Tag UIDs, uppercase hex.
    public var tags: [String]
    /// The SHA-256 (hex) of the student's photo, fetched from `GET /v1/photos/{studentId}`; absent: no photo.
    public var photo: String?

    public init(studentId: String, name: String, room: String, status: String, tags: [String], photo: String? = nil) {
        self.studentId = studentId
        self.name = name
        self.room = room
        self.status = status
        self.tags = tags
        self.photo = photo
    }
}

/// The body of `GET /v1/roster`: the whole roster, sorted by student id, and the property's leave passes. The
/// response's `ETag` names this version (a new or cancelled pass makes a new one); a kiosk sends it back in
/// `If-None-Match` and gets 304 while nothing changed.
public struct WireRoster: Codable, Sendable, Hashable {
    public var students: [WireStudent]
    /// Every pass of the property, by start then id; a hub from before passes sends none.
    public var passes: [WirePass]
    /// The students the property erased, for the gates to erase from their journals too.
    public var erasures: [WireErasure]
    /// The property's name, for the gate's screen; a hub from before the screen sends none.
    public var propertyName: String?

    public init(students: [WireStudent], passes: [WirePass] = [], erasures: [WireErasure] = []) {
        self.students = students
        self.passes = passes
        self.erasures = erasures
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        students = try container.decode([WireStudent].self, forKey: .students)
        passes = try container.decodeIfPresent([WirePass].self, forKey: .passes) ?? []
        erasures = try container.decodeIfPresent([WireErasure].self, forKey: .erasures) ?? []
        propertyName = try container.decodeIfPresent(String.self, forKey: .propertyName)
    }
}
