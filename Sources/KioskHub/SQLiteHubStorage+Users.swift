import Foundation
import GRDB
public import KioskCore
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
            return db.changesCount == 1
        }
    }

    private static func user(_ row: Row) -> StoredUser? {
        guard let role = HubUser.Role(name: row["role"], propertyID: row["property_id"]) else { return nil }
        let user = HubUser(name: row["name"], role: role, disabled: row["disabled"], createdAt: Date(storeMillis: row["created_at"]))
        return StoredUser(user: user, passwordHash: row["password_hash"])
    }
}
