/// The fields every console form carries: the session's CSRF token, and the property it acts on.
public struct FormEnvelope: Decodable, Sendable {
    public let csrf: String?
    public let property: String?

    public init(csrf: String?, property: String?) {
        self.csrf = csrf
        self.property = property
    }
}

/// The sign-in form.
public struct SignInForm: Decodable, Sendable {
    public let username: String
    public let password: String
}
