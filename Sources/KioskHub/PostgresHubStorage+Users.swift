public import Foundation
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
                query("SELECT \(unescaped: Self.userColumns) FROM hub_user u ORDER BY name")
            ).map(\.user)
        }
    }

    public func user(named name: String) async throws(KioskError) -> StoredUser? {
        try await failing("read failed") {
            try await decodeUsers(
                query("SELECT \(unescaped: Self.userColumns) FROM hub_user u WHERE name = \(name)")
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
            try await transaction { connection in
                guard !(try await run("UPDATE hub_user SET password_hash = \(hash) WHERE name = \(name) RETURNING name", on: connection).isEmpty)
                else { return false }
                _ = try await run("DELETE FROM console_session WHERE user_name = \(name)", on: connection)
                return true
            }
        }
    }

    public func noteFailedLogin(user name: String, limit: Int, lockedUntil: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query(
                """
                UPDATE hub_user SET
                    locked_until = CASE WHEN failed_logins + 1 >= \(limit) THEN \(lockedUntil.storeMillis) ELSE locked_until END,
                    failed_logins = CASE WHEN failed_logins + 1 >= \(limit) THEN 0 ELSE failed_logins + 1 END
                WHERE name = \(name)
                """
            )
        }
    }

    public func clearFailedLogins(user name: String) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query("UPDATE hub_user SET failed_logins = 0, locked_until = NULL WHERE name = \(name)")
        }
    }

    public func addSession(hash: String, user name: String, createdAt: Date, expiresAt: Date) async throws(KioskError) {
        try await failing("write failed") {
            try await transaction { connection in
                _ = try await run("DELETE FROM console_session WHERE expires_at < \(createdAt.storeMillis)", on: connection)
                _ = try await run(
                    """
                    INSERT INTO console_session (hash, user_name, created_at, expires_at)
                    VALUES (\(hash), \(name), \(createdAt.storeMillis), \(expiresAt.storeMillis))
                    """,
                    on: connection
                )
            }
        }
    }

    public func session(hash: String) async throws(KioskError) -> (user: StoredUser, expiresAt: Date)? {
        try await failing("read failed") {
            let rows = try await query(
                """
                SELECT \(unescaped: Self.userColumns), s.expires_at FROM console_session s JOIN hub_user u ON u.name = s.user_name
                WHERE s.hash = \(hash)
                """
            )
            guard let row = rows.first, let user = try decodeUsers([row]).first else { return nil }
            return (user, Date(storeMillis: try row.makeRandomAccess()[7].decode(Int64.self)))
        }
    }

    public func removeSession(hash: String) async throws(KioskError) {
        try await failing("write failed") { _ = try await query("DELETE FROM console_session WHERE hash = \(hash)") }
    }

    /// The columns `decodeUsers` reads first, of `hub_user u`.
    private static let userColumns = "u.name, u.role, u.property_id, u.password_hash, u.disabled, u.created_at, u.locked_until"

    /// The users of rows that start with `userColumns`.
    private func decodeUsers(_ rows: [PostgresRow]) throws -> [StoredUser] {
        var users: [StoredUser] = []
        for row in rows {
            let columns = row.makeRandomAccess()
            let (name, role, property, hash) = try (
                columns[0].decode(String.self), columns[1].decode(String.self), columns[2].decode(String?.self), columns[3].decode(String.self)
            )
            let (disabled, created, locked) = try (columns[4].decode(Bool.self), columns[5].decode(Int64.self), columns[6].decode(Int64?.self))
            guard let role = HubUser.Role(name: role, propertyID: property) else { continue }
            let user = HubUser(name: name, role: role, disabled: disabled, createdAt: Date(storeMillis: created))
            users.append(StoredUser(user: user, passwordHash: hash, lockedUntil: locked.map(Date.init(storeMillis:))))
        }
        return users
    }
}
