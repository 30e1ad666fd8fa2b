/// The body of every error answer: what is wrong and, when one field is to blame, its JSON path
/// (`events[3].uid`).
public struct WireProblem: Codable, Sendable, Hashable, Error {
    public var error: String
    public var field: String?

    public init(error: String, field: String? = nil) {
        self.error = error
        self.field = field
    }
}

/// The body of `GET /healthz`.
public struct WireHealth: Codable, Sendable, Hashable {
    public var status: String

    public init(status: String = "ok") {
        self.status = status
    }
}
