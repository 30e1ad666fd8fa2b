public import Foundation
import HummingbirdBcrypt
public import KioskCore
public import KioskHubStorage
import NIOPosix

extension HubStore {
    /// The shortest password a user may choose.
    public static let minimumPasswordLength = 10
    /// The longest password in bytes of UTF-8: all that bcrypt reads.
    public static let maximumPasswordBytes = 72

    /// Adds a user; with no `password`, one is generated. Returns the password when it was generated (to be shown
    /// once), nil otherwise. Only its bcrypt hash is kept.
    public func createUser(
        name: String,
        role: HubUser.Role,
        password: String?,
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> String? {
        if let problem = HubUser.nameProblem(name) { throw KioskError(.usage, problem) }
        if case .warden(let property) = role { _ = try await self.property(property) }
        let chosen = try password.map { text throws(KioskError) in try Self.checked(text) } ?? Self.generatedPassword()
        let user = HubUser(name: name, role: role, disabled: false, createdAt: now)
        guard try await storage.addUser(StoredUser(user: user, passwordHash: try await passwordHash(chosen))) else {
            throw KioskError(.dataError, "a user named '\(name)' exists already")
        }
        try await audit(.userCreate, property: Self.auditProperty(of: role), subject: name, detail: Self.roleText(role), now: now)
        return password == nil ? chosen : nil
    }

    /// Every user, by name.
    public func users() async throws(KioskError) -> [HubUser] {
        try await storage.users()
    }

    /// Disables the user named `name`: they can no longer sign in.
    public func disableUser(named name: String) async throws(KioskError) {
        guard try await storage.disableUser(named: name) else { throw KioskError(.dataError, "no user is named '\(name)'", domain: .notFound) }
        await storage.announce(.sessions)
        try await audit(.userDisable, property: try await auditProperty(ofUser: name), subject: name)
    }

    /// Gives the user named `name` a new password (generated when nil, and returned to be shown once).
    public func setPassword(_ password: String?, forUser name: String) async throws(KioskError) -> String? {
        let chosen = try password.map { text throws(KioskError) in try Self.checked(text) } ?? Self.generatedPassword()
        guard try await storage.setPasswordHash(try await passwordHash(chosen), forUser: name) else {
            throw KioskError(.dataError, "no user is named '\(name)'", domain: .notFound)
        }
        await storage.announce(.sessions)
        try await audit(.userPassword, property: try await auditProperty(ofUser: name), subject: name)
        return password == nil ? chosen : nil
    }

    /// The property whose audit log records changes to a user with `role`: a warden's, `default` for the operator.
    private static func auditProperty(of role: HubUser.Role) -> String {
        switch role {
        case .warden(let property): property
        case .chainOperator: HubProperty.defaultID
        }
    }

    private static func roleText(_ role: HubUser.Role) -> String {
        switch role {
        case .warden(let property): "warden of " + property
        case .chainOperator: "chain operator"
        }
    }

    private func auditProperty(ofUser name: String) async throws(KioskError) -> String {
        try await storage.users().first { $0.name == name }.map { Self.auditProperty(of: $0.role) } ?? HubProperty.defaultID
    }

    /// `password` if a user may choose it.
    private static func checked(_ password: String) throws(KioskError) -> String {
        if let problem = passwordProblem(password) { throw KioskError(.dataError, problem) }
        return password
    }

    /// Why no user may have `password`, or nil. bcrypt reads at most 72 bytes and stops at a NUL: a longer password
    /// or one with a control character would not count whole, so it is refused rather than cut.
    static func passwordProblem(_ password: String) -> String? {
        let rule = "a password is one line of at least \(minimumPasswordLength) characters and at most \(maximumPasswordBytes) bytes"
        if let control = RecordLimits.controlCharacter(in: password) { return "\(rule), without control characters (it holds \(control))" }
        guard password.count >= minimumPasswordLength else { return "\(rule); this one has \(password.count) characters" }
        guard password.utf8.count <= maximumPasswordBytes else { return "\(rule) (UTF-8); this one has \(password.utf8.count) bytes" }
        return nil
    }

    /// 20 characters from a 32-letter alphabet without look-alikes (100 bits).
    private static func generatedPassword() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    }

    /// bcrypt on a thread of NIO's pool: a quarter of a second of CPU stays off the cooperative pool.
    func passwordHash(_ password: String) async throws(KioskError) -> String {
        let cost = passwordCost
        do {
            return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
        } catch {
            throw KioskError(.ioError, "cannot hash the password: \(error)")
        }
    }
}
