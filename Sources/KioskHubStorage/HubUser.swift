public import Foundation

/// A person who signs in to the web console: a warden of one property, or the chain's operator (every property).
public struct HubUser: Sendable, Hashable {
    /// What a user may see and change.
    public enum Role: Sendable, Hashable {
        /// One property's pages only.
        case warden(property: String)
        /// Every property.
        case chainOperator

        /// The `role` column.
        package var name: String {
            switch self {
            case .warden: "warden"
            case .chainOperator: "operator"
            }
        }

        /// The `property_id` column.
        package var propertyID: String? {
            if case .warden(let property) = self { property } else { nil }
        }

        /// The role a row names, or nil for one this hub does not understand.
        package init?(name: String, propertyID: String?) {
            switch (name, propertyID) {
            case ("warden", let property?): self = .warden(property: property)
            case ("operator", _): self = .chainOperator
            default: return nil
            }
        }
    }

    /// 1 to 64 characters of letters, digits, `.`, `_`, `-` and `@`.
    public let name: String
    public let role: Role
    /// A disabled user cannot sign in; their sessions end.
    public let disabled: Bool
    public let createdAt: Date

    public init(name: String, role: Role, disabled: Bool, createdAt: Date) {
        self.name = name
        self.role = role
        self.disabled = disabled
        self.createdAt = createdAt
    }

    /// Why `name` cannot name a user, or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-@".unicodeScalars.contains($0))
        }
        guard (1...64).contains(name.count), allowed else {
            return
                "a user name is 1 to 64 letters, digits, '.', '_', '-' or '@', not '\(name.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())'"
        }
        return nil
    }
}

/// A user as the database keeps them: the password only as its bcrypt hash.
public struct StoredUser: Sendable, Hashable {
    public let user: HubUser
    public let passwordHash: String

    public init(user: HubUser, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}
