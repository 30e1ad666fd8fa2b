import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addUser(_ stored: StoredUser) async throws(KioskError) -> Bool {
        let user = stored.user
        return try await failing("write failed") {
            let inserted = try await query(
                """
                INSERT INTO hub_user (name, role, property_id, password_hash, disabled, created_at)
                VALUES (\(user.name), \(user.role.name), \(user.role.propertyID), \(stored.passwordHash), \(user.disabled), \(user.createdAt.storeMillis))
                ON CONFLICT (name) DO NOTHING RETURNING name
                """
            )
            return !inserted.isEmpty
        }
    }

    public func users() async throws(KioskError) -> [HubUser] {
        try await failing("read failed") {
            try await decodeUsers(
                query(
                    "SELECT name, role, property_id, password_hash, disabled, created_at FROM hub_user ORDER BY name COLLATE \"C\""
                )
            ).map(\.user)
        }
    }

    public func user(named name: String) async throws(KioskError) -> StoredUser? {
        try await failing("read failed") {
            try await decodeUsers(
                query("SELECT name, role, property_id, password_hash, disabled, created_at FROM hub_user WHERE name = \(name)")
            ).first
        }
    }

    public func disableUser(named name: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            !(try await query("UPDATE hub_user SET disabled = TRUE WHERE name = \(name) RETURNING name").isEmpty)
        }
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            !(try await query("UPDATE hub_user SET password_hash = \(hash) WHERE name = \(name) RETURNING name")
                .isEmpty)
        }
    }

    /// The users of rows of `name, role, property_id, password_hash, disabled, created_at`.
    private func decodeUsers(_ rows: [PostgresRow]) throws -> [StoredUser] {
        var users: [StoredUser] = []
        for (name, role, property, hash, disabled, created) in try rows.decode((String, String, String?, String, Bool, Int64).self) {
            guard let role = HubUser.Role(name: role, propertyID: property) else { continue }
            users.append(
                StoredUser(user: HubUser(name: name, role: role, disabled: disabled, createdAt: Date(storeMillis: created)), passwordHash: hash)
            )
        }
        return users
    }
}
