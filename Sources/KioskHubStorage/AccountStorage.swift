public import Foundation
public import KioskCore

/// The web console's users, their sessions (kept only as hashes of their tokens) and the sign-in lockout.
public protocol AccountStorage: Sendable {
    /// Stores a new user; false when a user with that name exists.
    func addUser(_ user: StoredUser) async throws(KioskError) -> Bool
    /// Every user, by name.
    func users() async throws(KioskError) -> [HubUser]
    /// The user named `name` with their password hash, or nil.
    func user(named name: String) async throws(KioskError) -> StoredUser?
    /// Disables the user named `name`; false when there is none.
    func disableUser(named name: String) async throws(KioskError) -> Bool
    /// Replaces the password hash of the user named `name` and ends their sessions; false when there is none.
    func setPasswordHash(_ hash: String, forUser name: String) async throws(KioskError) -> Bool
    /// Reads the sign-in lock of the user name whose hash is `key` (a clear one when none is kept) and stores what
    /// `change` makes of it (nil: leave it as it is; a clear one is removed), atomically against every other sign-in
    /// of that name in any hub process. Returns the lock as read and as stored. Locks of names untried for
    /// `SignInLock.forgottenAfter` are removed on the way.
    func updateSignInLock(
        key: String,
        now: Date,
        _ change: @escaping @Sendable (SignInLock) -> SignInLock?
    ) async throws(KioskError) -> (read: SignInLock, stored: SignInLock?)
    /// Stores a web console session by the hash of its token; sessions that expired before `createdAt` are removed.
    func addSession(hash: String, user name: String, createdAt: Date, expiresAt: Date) async throws(KioskError)
    /// The user of the session whose token has `hash`, and when it expires; nil for no such session.
    func session(hash: String) async throws(KioskError) -> (user: StoredUser, expiresAt: Date)?
    /// Ends the session whose token has `hash`.
    func removeSession(hash: String) async throws(KioskError)
}
