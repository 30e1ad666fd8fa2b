public import Foundation
import HummingbirdBcrypt
public import KioskCore
import KioskHubStorage
import NIOPosix

extension HubStore {
    /// Failed sign-ins in a row that lock an account.
    public static let failedLoginLimit = 5
    /// How long a locked account stays locked.
    public static let lockoutSeconds: TimeInterval = 60

    /// Checks a user's password and opens a session. Five attempts in a row at one name, known or not, without a
    /// success lock it for a minute; each attempt is counted before its password is checked, so requests arriving at
    /// once are not all checked, and a locked name is refused without checking its password.
    public func signIn(name: String, password: String, now: Date) async throws(KioskError) -> SignInOutcome {
        let key = Self.tokenHash(name)
        let attempt = try await storage.updateSignInLock(key: key, now: now) { lock in
            lock.counting(attemptAt: now, limit: Self.failedLoginLimit, lockout: Self.lockoutSeconds)
        }
        guard let counted = attempt.stored else { return .locked(until: attempt.read.lockedUntil ?? now) }
        let stored = try await storage.user(named: name)
        // A hash is checked even for an unknown user or a password no user can have, so the answer's timing does not
        // tell which names exist.
        let possible = Self.passwordProblem(password) == nil
        let matches = try await Self.verify(possible ? password : "", hash: stored?.passwordHash ?? unknownUserHash) && possible
        guard let stored, !stored.user.disabled, matches else {
            if let lockedUntil = counted.lockedUntil { return .locked(until: lockedUntil) }
            return .refused
        }
        _ = try await storage.updateSignInLock(key: key, now: now) { _ in SignInLock(lastAttemptAt: now) }
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
        await storage.announce(.sessions)
    }

    /// A bcrypt hash at this store's cost no password is known to match, checked for unknown users so that they take
    /// as long as known ones.
    private var unknownUserHash: String {
        String(format: "$2b$%02d$", passwordCost) + "MAAeBqz5MkTzrJe9wUlLS.a8I/k8G5heT2WiBAQRIyCEbr1Q7z.xS"
    }

    /// bcrypt's check on a thread of NIO's pool: a quarter of a second of CPU stays off the cooperative pool.
    private static func verify(_ password: String, hash: String) async throws(KioskError) -> Bool {
        do {
            return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        } catch {
            throw KioskError(.ioError, "cannot check the password: \(error)")
        }
    }
}
