public import Hummingbird
public import HummingbirdAuth
public import KioskHub
public import KioskHubStorage

/// The context of every request the hub serves: whom it speaks for, once an authenticating middleware has said so
/// (`BearerTokenAuthenticator` on the API, the console's session authenticator on its pages).
public struct HubRequestContext: AuthRequestContext, RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: HubCaller?

    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
    }
}

/// Whom a request speaks for.
public enum HubCaller: Sendable {
    /// A gate or the chain's operator, by bearer token.
    case token(TokenHolder)
    /// A signed-in user of the web console, by session cookie.
    case session(ConsoleSession)
}
