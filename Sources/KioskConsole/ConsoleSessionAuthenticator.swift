import Hummingbird
import HummingbirdAuth
import KioskCore
import KioskHub
import KioskHubServer

/// Authenticates the console's pages by their session cookie (the database keeps only the token's hash): a request
/// without a live session goes on unauthenticated, and its page sends the browser to the sign-in form.
struct ConsoleSessionAuthenticator: AuthenticatorMiddleware {
    typealias Context = HubRequestContext
    let store: HubStore
    let clock: WallClock

    func authenticate(request: Request, context: HubRequestContext) async throws -> HubCaller? {
        guard let token = request.cookies[ConsoleSession.cookieName]?.value, !token.isEmpty, token.count <= 128 else { return nil }
        return try await store.session(token: token, now: clock.now()).map(HubCaller.session)
    }
}
