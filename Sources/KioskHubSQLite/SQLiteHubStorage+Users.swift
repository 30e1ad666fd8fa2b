public import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func addUser(_ stored: StoredUser) async throws(KioskError) -> Bool {
        let user = stored.user
        return try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO hub_user (name, role, property_id, password_hash, disabled, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(name) DO NOTHING
                    """,
                arguments: [user.name, user.role.name, user.role.propertyID, stored.passwordHash, user.disabled, user.createdAt.storeMillis]
            )
            return db.changesCount == 1
        }
    }

    public func users() async throws(KioskError) -> [HubUser] {
        try await database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM hub_user ORDER BY name").compactMap { Self.user($0)?.user } }
    }

    public func user(named name: String) async throws(KioskError) -> StoredUser? {
        try await database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM hub_user WHERE name = ?", arguments: [name]).flatMap(Self.user) }
    }

    public func disableUser(named name: String) async throws(KioskError) -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE hub_user SET disabled = 1 WHERE name = ?", arguments: [name])
            return db.changesCount == 1
        }
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws(KioskError) -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE hub_user SET password_hash = ? WHERE name = ?", arguments: [hash, name])
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: "DELETE FROM console_session WHERE user_name = ?", arguments: [name])
            return true
        }
    }

    public func updateSignInLock(
        key: String,
        now: Date,
        _ change: @escaping @Sendable (SignInLock) -> SignInLock?
    ) async throws(KioskError) -> (read: SignInLock, stored: SignInLock?) {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM sign_in_lock WHERE last_attempt_at < ? AND COALESCE(locked_until, 0) < ?",
                arguments: [now.addingTimeInterval(-SignInLock.forgottenAfter).storeMillis, now.storeMillis]
            )
            let row = try Row.fetchOne(db, sql: "SELECT * FROM sign_in_lock WHERE name_hash = ?", arguments: [key])
            let read = row.map { row -> SignInLock in
                let lockedUntil: Int64? = row["locked_until"]
                return SignInLock(
                    attempts: row["attempts"],
                    lockedUntil: lockedUntil.map(Date.init(storeMillis:)),
                    lastAttemptAt: Date(storeMillis: row["last_attempt_at"])
                )
            }
            let current = read ?? SignInLock(lastAttemptAt: now)
            guard let stored = change(current) else { return (current, nil) }
            if stored.isClear {
                try db.execute(sql: "DELETE FROM sign_in_lock WHERE name_hash = ?", arguments: [key])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO sign_in_lock (name_hash, attempts, locked_until, last_attempt_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT(name_hash) DO UPDATE SET
                            attempts = excluded.attempts, locked_until = excluded.locked_until, last_attempt_at = excluded.last_attempt_at
                        """,
                    arguments: [key, stored.attempts, stored.lockedUntil?.storeMillis, stored.lastAttemptAt.storeMillis]
                )
            }
            return (current, stored)
        }
    }

    public func addSession(hash: String, user name: String, createdAt: Date, expiresAt: Date) async throws(KioskError) {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM console_session WHERE expires_at < ?", arguments: [createdAt.storeMillis])
            try db.execute(
                sql: "INSERT INTO console_session (hash, user_name, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, name, createdAt.storeMillis, expiresAt.storeMillis]
            )
        }
    }

    public func session(hash: String) async throws(KioskError) -> (user: StoredUser, expiresAt: Date)? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT hub_user.*, console_session.expires_at FROM console_session JOIN hub_user ON hub_user.name = user_name WHERE hash = ?",
                    arguments: [hash]
                ),
                let user = Self.user(row)
            else { return nil }
            return (user, Date(storeMillis: row["expires_at"]))
        }
    }

    public func removeSession(hash: String) async throws(KioskError) {
        try await database.write { db in try db.execute(sql: "DELETE FROM console_session WHERE hash = ?", arguments: [hash]) }
    }

    private static func user(_ row: Row) -> StoredUser? {
        guard let role = HubUser.Role(name: row["role"], propertyID: row["property_id"]) else { return nil }
        let user = HubUser(name: row["name"], role: role, disabled: row["disabled"], createdAt: Date(storeMillis: row["created_at"]))
        return StoredUser(user: user, passwordHash: row["password_hash"])
    }
}
