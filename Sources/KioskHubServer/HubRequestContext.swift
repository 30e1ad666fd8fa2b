public import Hummingbird
public import HummingbirdAuth
public import KioskHub
public import KioskHubStorage
public import NIOCore

/// The context of every request the hub serves: whom it speaks for, once an authenticating middleware has said so
/// (`BearerTokenAuthenticator` on the API, the console's session authenticator on its pages).
public struct HubRequestContext: AuthRequestContext, RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: HubCaller?
    /// The peer's address, for limits kept per address.
    public let remoteAddress: SocketAddress?

    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        remoteAddress = source.channel.remoteAddress
    }
}

/// Whom a request speaks for.
public enum HubCaller: Sendable {
    /// A gate or the chain's operator, by bearer token.
    case token(TokenHolder)
    /// A signed-in user of the web console, by session cookie.
    case session(ConsoleSession)
}
