import Foundation

/// A PostgreSQL database as `database_url` names it: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`. Printed,
/// it never shows the password.
public struct DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    public let user: String
    public let password: String?
    public let host: String
    public let port: Int
    public let database: String

    /// The database `text` names, or nil with `problem(_:)` saying why.
    public init?(_ text: String) {
        guard Self.problem(text) == nil, let components = URLComponents(string: text), let host = components.host, let user = components.user
        else { return nil }
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.host = host
        port = components.port ?? 5432
        database = String(components.path.dropFirst())
    }

    /// Why `text` is not a database URL, or nil. Never quotes a password.
    public static func problem(_ text: String) -> String? {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            return "not a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE)"
        }
        guard let host = components.host, !host.isEmpty else { return "the URL names no host" }
        guard let user = components.user, !user.isEmpty else { return "the URL names no user" }
        guard (1...65535).contains(components.port ?? 5432) else { return "the port is not 1-65535" }
        let database = components.path.dropFirst()
        guard !database.isEmpty, !database.contains("/") else { return "the URL names no database (…/DATABASE)" }
        return nil
    }

    /// The URL with the password masked.
    public var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// The URL without its password, for a configuration file that keeps the password elsewhere.
    public var withoutPassword: String {
        "postgres://\(user)@\(host):\(port)/\(database)"
    }
}
