public import Foundation
import HummingbirdBcrypt
public import KioskCore
import NIOPosix

extension HubStore {
    /// Failed sign-ins in a row that lock an account.
    public static let failedLoginLimit = 5
    /// How long a locked account stays locked.
    public static let lockoutSeconds: TimeInterval = 60

    /// Checks a user's password and opens a session; five failures in a row lock the account for a minute.
    public func signIn(name: String, password: String, now: Date) async throws(KioskError) -> SignInOutcome {
        let stored = try await storage.user(named: name)
        if let lockedUntil = stored?.lockedUntil, lockedUntil > now { return .locked(until: lockedUntil) }
        // A hash is checked even for an unknown user, so the answer's timing does not tell which names exist.
        let matches = try await Self.verify(password, hash: stored?.passwordHash ?? Self.unknownUserHash)
        guard let stored, !stored.user.disabled else { return .refused }
        guard matches else {
            let lockedUntil = now.addingTimeInterval(Self.lockoutSeconds)
            try await storage.noteFailedLogin(user: name, limit: Self.failedLoginLimit, lockedUntil: lockedUntil)
            if let after = try await storage.user(named: name)?.lockedUntil, after > now { return .locked(until: after) }
            return .refused
        }
        try await storage.clearFailedLogins(user: name)
        let token = Self.randomHex(bytes: 32)
        let expiresAt = now.addingTimeInterval(ConsoleSession.lifetime)
        try await storage.addSession(hash: Self.tokenHash(token), user: name, createdAt: now, expiresAt: expiresAt)
        return .signedIn(ConsoleSession(token: token, user: stored.user, expiresAt: expiresAt))
    }

    /// The live session the cookie value `token` opens, or nil (unknown, expired, or its user disabled).
    public func session(token: String, now: Date) async throws(KioskError) -> ConsoleSession? {
        guard let (stored, expiresAt) = try await storage.session(hash: Self.tokenHash(token)), expiresAt > now, !stored.user.disabled else {
            return nil
        }
        return ConsoleSession(token: token, user: stored.user, expiresAt: expiresAt)
    }

    /// Ends a session.
    public func signOut(_ session: ConsoleSession) async throws(KioskError) {
        try await storage.removeSession(hash: Self.tokenHash(session.token))
    }

    /// A bcrypt hash no password is known to match, checked for unknown users.
    private static let unknownUserHash = "$2b$12$MAAeBqz5MkTzrJe9wUlLS.a8I/k8G5heT2WiBAQRIyCEbr1Q7z.xS"

    /// bcrypt's check on a thread of NIO's pool: a quarter of a second of CPU stays off the cooperative pool.
    private static func verify(_ password: String, hash: String) async throws(KioskError) -> Bool {
        do {
            return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        } catch {
            throw KioskError(.ioError, "cannot check the password: \(error)")
        }
    }
}
