public import Hummingbird
public import HummingbirdCore
public import KioskCore
public import KioskHub
import KioskHubStorage
public import Logging

/// The hub's HTTP server over its store: the Hummingbird application that a `ServiceGroup` runs.
public enum HubServer {
    /// The application serving `store` on the configured host and port, logging one line per request;
    /// `server` chooses the protocol (by default HTTP/1.1 closing connections idle for `idleTimeoutSeconds`, or whose
    /// request has not all arrived that long after its first byte (with 408), and after an HTTP/1.0 request without
    /// keep-alive or a CONNECT; tests put TLS in front); at most
    /// `maximumConnections` are open at once; `onServerRunning` learns the port it listens on (useful with port 0).
    /// While `readiness` says the database is not ready, every request gets 503. `additionalRoutes` adds what else
    /// the hub serves on its port (the web console).
    public static func application(
        store: HubStore,
        configuration: HubConfiguration,
        readiness: HubReadiness = HubReadiness(),
        clock: WallClock = .system,
        logger: Logger,
        server: HTTPServerBuilder? = nil,
        additionalRoutes: (Router<HubRequestContext>) -> Void = { _ in },
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<HubRequestContext>> {
        let router = Router(context: HubRequestContext.self)
        let metrics = HubMetrics()
        router.add(middleware: RequestCountMiddleware(metrics: metrics))
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: HubTimeMiddleware(clock: clock))
        router.add(middleware: ReadinessMiddleware(readiness: readiness))
        router.add(middleware: KioskErrorMiddleware())
        router.add(middleware: UnroutedRequestMiddleware(methods: HubRoutes.methods))
        HubRoutes(
            store: store,
            clock: clock,
            logKeys: HubLogKeySource(store: store, logName: configuration.logName),
            alertSettings: configuration.alerts,
            metrics: metrics
        ).add(to: router)
        additionalRoutes(router)
        return Application(
            router: router,
            server: server
                ?? .http1(
                    configuration: HTTP1Channel.Configuration(
                        additionalChannelHandlers: [
                            ConnectionCloseMarkerInstaller(),
                            RequestReceiptDeadlineInstaller(limit: .seconds(Int64(configuration.idleTimeoutSeconds))),
                        ],
                        idleTimeout: .seconds(Int64(configuration.idleTimeoutSeconds))
                    )
                ),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "kiosk-hub",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)
            ),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}
