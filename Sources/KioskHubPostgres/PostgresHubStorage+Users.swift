public import Foundation
public import KioskCore
public import KioskHubStorage
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

    public func updateSignInLock(
        key: String,
        now: Date,
        _ change: @escaping @Sendable (SignInLock) -> SignInLock?
    ) async throws(KioskError) -> (read: SignInLock, stored: SignInLock?) {
        try await failing("write failed") {
            try await transaction { connection in
                let forgotten = now.addingTimeInterval(-SignInLock.forgottenAfter).storeMillis
                try await run(
                    "DELETE FROM sign_in_lock WHERE last_attempt_at < \(forgotten) AND COALESCE(locked_until, 0) < \(now.storeMillis)",
                    on: connection
                )
                // The row exists before it is locked, so two first attempts at one name wait for each other.
                try await run(
                    """
                    INSERT INTO sign_in_lock (name_hash, attempts, locked_until, last_attempt_at) VALUES (\(key), 0, NULL, \(now.storeMillis))
                    ON CONFLICT (name_hash) DO NOTHING
                    """,
                    on: connection
                )
                let rows = try await run(
                    "SELECT attempts, locked_until, last_attempt_at FROM sign_in_lock WHERE name_hash = \(key) FOR UPDATE",
                    on: connection
                ).decode((Int32, Int64?, Int64).self)
                let read = rows.first.map { attempts, lockedUntil, last in
                    SignInLock(attempts: Int(attempts), lockedUntil: lockedUntil.map(Date.init(storeMillis:)), lastAttemptAt: Date(storeMillis: last))
                }
                let current = read ?? SignInLock(lastAttemptAt: now)
                let stored = change(current)
                if let stored, !stored.isClear {
                    try await run(
                        """
                        UPDATE sign_in_lock SET attempts = \(stored.attempts), locked_until = \(stored.lockedUntil?.storeMillis),
                            last_attempt_at = \(stored.lastAttemptAt.storeMillis)
                        WHERE name_hash = \(key)
                        """,
                        on: connection
                    )
                } else if stored?.isClear ?? current.isClear {
                    try await run("DELETE FROM sign_in_lock WHERE name_hash = \(key)", on: connection)
                }
                return (current, stored)
            }
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
            return (user, Date(storeMillis: try row.makeRandomAccess()[6].decode(Int64.self)))
        }
    }

    public func removeSession(hash: String) async throws(KioskError) {
        try await failing("write failed") { _ = try await query("DELETE FROM console_session WHERE hash = \(hash)") }
    }

    /// The columns `decodeUsers` reads first, of `hub_user u`.
    private static let userColumns = "u.name, u.role, u.property_id, u.password_hash, u.disabled, u.created_at"

    /// The users of rows that start with `userColumns`.
    private func decodeUsers(_ rows: [PostgresRow]) throws -> [StoredUser] {
        var users: [StoredUser] = []
        for row in rows {
            let columns = row.makeRandomAccess()
            let (name, role, property, hash) = try (
                columns[0].decode(String.self), columns[1].decode(String.self), columns[2].decode(String?.self), columns[3].decode(String.self)
            )
            let (disabled, created) = try (columns[4].decode(Bool.self), columns[5].decode(Int64.self))
            guard let role = HubUser.Role(name: role, propertyID: property) else { continue }
            let user = HubUser(name: name, role: role, disabled: disabled, createdAt: Date(storeMillis: created))
            users.append(StoredUser(user: user, passwordHash: hash))
        }
        return users
    }
}
