import Foundation
import Hummingbird
import HummingbirdAuth
import KioskHub
import KioskHubStorage

/// Authenticates the API's requests by their bearer token, kept only as a hash: a request without one goes on
/// unauthenticated (its route answers 401), a malformed header or an unknown or revoked token is refused here (401).
struct BearerTokenAuthenticator: AuthenticatorMiddleware {
    typealias Context = HubRequestContext
    let store: HubStore

    func authenticate(request: Request, context: HubRequestContext) async throws -> HubCaller? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw HubHTTPError(.unauthorized, "expected 'Authorization: Bearer TOKEN'") }
        guard let holder = try await store.holder(presenting: String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
            throw HubHTTPError(.unauthorized, "unknown or revoked token")
        }
        return .token(holder)
    }
}

extension HubRequestContext {
    /// Whom the request's bearer token speaks for; 401 when it presented none.
    func tokenHolder() throws -> TokenHolder {
        guard case .token(let holder)? = identity else { throw HubHTTPError(.unauthorized, "missing bearer token") }
        return holder
    }
}
