public import Foundation

/// The sign-in lockout of one user name, known or not: attempts are counted before their password is checked, so
/// however many arrive at once, at most `limit` of them are checked before the name is locked.
public struct SignInLock: Sendable, Hashable {
    /// Attempts counted since the name was last locked or signed in.
    public var attempts: Int
    /// Until when every attempt is refused unchecked, if it is.
    public var lockedUntil: Date?
    /// The latest attempt counted: a name not tried for `forgottenAfter` is forgotten.
    public var lastAttemptAt: Date

    /// How long the lock of a name nobody tries is kept.
    public static let forgottenAfter: TimeInterval = 24 * 3600

    public init(attempts: Int = 0, lockedUntil: Date? = nil, lastAttemptAt: Date) {
        self.attempts = attempts
        self.lockedUntil = lockedUntil
        self.lastAttemptAt = lastAttemptAt
    }

    /// Whether this state says nothing worth keeping (no attempt counted, no lock).
    public var isClear: Bool { attempts == 0 && lockedUntil == nil }

    /// The state after one more attempt at `now`, or nil when the name is locked then (the attempt is refused without
    /// checking its password). The `limit`-th attempt in a row locks the name for `lockout` and starts the count again.
    package func counting(attemptAt now: Date, limit: Int, lockout: TimeInterval) -> SignInLock? {
        if let lockedUntil, lockedUntil > now { return nil }
        guard attempts + 1 < limit else { return SignInLock(attempts: 0, lockedUntil: now.addingTimeInterval(lockout), lastAttemptAt: now) }
        return SignInLock(attempts: attempts + 1, lockedUntil: nil, lastAttemptAt: now)
    }
}
