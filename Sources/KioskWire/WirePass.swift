/// One leave pass of the property, as `GET /v1/roster` sends it with the roster.
public struct WirePass: Codable, Sendable, Hashable {
    public var id: String
    public var studentId: String
    /// The first instant covered, `WireTime`.
    public var from: String
    /// The last instant covered, `WireTime`.
    public var until: String
    public var reason: String

    public init(id: String, studentId: String, from: String, until: String, reason: String) {
        self.id = id
        self.studentId = studentId
        self.from = from
        self.until = until
        self.reason = reason
    }
}
