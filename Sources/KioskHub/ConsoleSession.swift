import Crypto
public import Foundation
import KioskCore
public import KioskHubStorage

/// A signed-in user of the web console. The browser holds `token` in an HttpOnly cookie; the database keeps only
/// its SHA-256. The CSRF token of the session's forms is derived from `token`, so it needs no storage and dies with it.
public struct ConsoleSession: Sendable {
    /// The cookie's value.
    public let token: String
    public let user: HubUser
    public let expiresAt: Date

    /// How long a session lasts after signing in.
    public static let lifetime: TimeInterval = 12 * 3600
    /// The cookie's name.
    public static let cookieName = "kiosk_session"

    /// The token every form of this session must carry in its `csrf` field.
    public var csrfToken: String {
        SHA256.hash(data: Data(("csrf:" + token).utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether a form's `csrf` field is this session's, compared in constant time.
    public func accepts(csrf presented: String) -> Bool {
        constantTimeEqual(Array(csrfToken.utf8), Array(presented.utf8))
    }
}

/// What a sign-in attempt came to.
public enum SignInOutcome: Sendable {
    case signedIn(ConsoleSession)
    /// Unknown user, wrong password or a disabled account: the answer does not say which.
    case refused
    /// Too many failed attempts: refused until then, whatever the password.
    case locked(until: Date)
}
