import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addUser(_ stored: StoredUser) async throws(KioskError) -> Bool {
        let user = stored.user
        return try await failing("write failed") {
            let inserted = try await client.query(
                """
                INSERT INTO hub_user (name, role, property_id, password_hash, disabled, created_at)
                VALUES (\(user.name), \(user.role.name), \(user.role.propertyID), \(stored.passwordHash), \(user.disabled), \(user.createdAt.storeMillis))
                ON CONFLICT (name) DO NOTHING RETURNING name
                """,
                logger: logger
            ).collect()
            return !inserted.isEmpty
        }
    }

    public func users() async throws(KioskError) -> [HubUser] {
        try await failing("read failed") {
            try await decodeUsers(
                client.query(
                    "SELECT name, role, property_id, password_hash, disabled, created_at FROM hub_user ORDER BY name COLLATE \"C\"",
                    logger: logger
                )
            ).map(\.user)
        }
    }

    public func user(named name: String) async throws(KioskError) -> StoredUser? {
        try await failing("read failed") {
            try await decodeUsers(
                client.query("SELECT name, role, property_id, password_hash, disabled, created_at FROM hub_user WHERE name = \(name)", logger: logger)
            ).first
        }
    }

    public func disableUser(named name: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            !(try await client.query("UPDATE hub_user SET disabled = TRUE WHERE name = \(name) RETURNING name", logger: logger).collect().isEmpty)
        }
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws(KioskError) -> Bool {
        try await failing("write failed") {
            !(try await client.query("UPDATE hub_user SET password_hash = \(hash) WHERE name = \(name) RETURNING name", logger: logger).collect()
                .isEmpty)
        }
    }

    /// The users of rows of `name, role, property_id, password_hash, disabled, created_at`.
    private func decodeUsers(_ rows: PostgresRowSequence) async throws -> [StoredUser] {
        var users: [StoredUser] = []
        for try await (name, role, property, hash, disabled, created) in rows.decode((String, String, String?, String, Bool, Int64).self) {
            guard let role = HubUser.Role(name: role, propertyID: property) else { continue }
            users.append(
                StoredUser(user: HubUser(name: name, role: role, disabled: disabled, createdAt: Date(storeMillis: created)), passwordHash: hash)
            )
        }
        return users
    }
}
