import ArgumentParser
import KioskConsole
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubServer
import KioskHubStorage
import KioskStore
import KioskSystemd
import Logging
import ServiceLifecycle
import UnixSignals

/// `kiosk-hub serve`: the HTTP server, until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the hub's HTTP API until SIGTERM or SIGINT.")

    @OptionGroup var options: HubOptions

    @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("The TCP port to listen on (default 8080).", valueName: "port"))
    var port: Int?

    @Flag(
        name: .customLong("stop-when-input-closes"),
        help: "Stop when standard input closes: for a program that runs the hub as its child (kiosk demo)."
    )
    var stopWhenInputCloses = false

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0-65535, not \(port)") }
    }

    func run() async throws {
        var configuration = try options.load()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        let settled = configuration
        let readiness = HubReadiness()
        let watchInput = stopWhenInputCloses
        // A SQLite hub's directory is held while serving: `kiosk-hub restore` waits for the hub to stop.
        let lock = settled.databaseURL == nil ? try HubDataLock.serving(dataDirectory: settled.dataDirectory) : nil
        defer { withExtendedLifetime(lock) {} }
        try await HubDatabase.withUnpreparedStore(settled, logger: HubOptions.logger, readiness: readiness) { store, preparation in
            try await Self.serve(store: store, preparation: preparation, readiness: readiness, configuration: settled, watchInput: watchInput)
        }
    }

    /// Listens at once; while a PostgreSQL database is being reached and migrated, requests get 503.
    private static func serve(
        store: HubStore,
        preparation: HubDatabasePreparation?,
        readiness: HubReadiness,
        configuration: HubConfiguration,
        watchInput: Bool
    ) async throws {
        let logger = HubOptions.logger
        let notifier = SystemdNotifier()
        let console = ConsoleRoutes(
            store: store,
            gateOfflineSeconds: configuration.alerts.gateOfflineSeconds,
            passRequests: PassRequestSettings(configuration)
        )
        let parents = ParentApprovalRoutes(store: store, publicURL: configuration.publicURL)
        let application = HubServer.application(
            store: store,
            configuration: configuration,
            readiness: readiness,
            logger: logger,
            additionalRoutes: { router in
                console.add(to: router)
                parents.add(to: router)
            },
            onServerRunning: { port in
                notifier.status("listening on port \(port)")
                notifier.ready()
            }
        )
        // The heartbeats' writer starts first, so that it stops last and writes what the server's last requests kept.
        var services = [
            ServiceGroupConfiguration.ServiceConfiguration(service: HeartbeatWriter(store: store, logger: logger)),
            ServiceGroupConfiguration.ServiceConfiguration(service: application),
        ]
        // Alerts wait for the database like every request does; a failure is logged and tried again, never fatal.
        services.append(.init(service: AlertService(store: store, settings: configuration.alerts, readiness: readiness, logger: logger)))
        let logKeys = HubLogKeySource(store: store, logName: configuration.logName)
        services.append(.init(service: AuditCheckpointService(store: store, keys: logKeys, readiness: readiness, logger: logger)))
        if let retention = configuration.retention {
            services.append(
                .init(
                    service: RetentionService(policy: configuration.attendance, logger: logger) { now throws(KioskError) in
                        guard readiness.reasonNotReady == nil else { return nil }
                        let erased = try await store.eraseInactiveStudents(pastKeeping: retention, now: now)
                        if erased > 0 { logger.info("retention: \(erased) students inactive past keeping erased") }
                        return try await store.removeEvents(pastKeeping: retention, now: now)
                    }
                )
            )
        }
        for service in store.storage.backgroundServices {
            services.append(.init(service: service, successTerminationBehavior: .ignore))
        }
        if let preparation {
            services.append(.init(service: preparation, successTerminationBehavior: .ignore, failureTerminationBehavior: .cancelGroup))
        }
        if watchInput {
            services.append(.init(service: InputClosedWatch(), successTerminationBehavior: .gracefullyShutdownGroup))
        }
        if let interval = SystemdNotifier.watchdogInterval() {
            services.append(.init(service: SystemdWatchdog(notifier: notifier, interval: interval)))
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        do {
            try await group.run()
        } catch {
            throw HubListenFailure.explain(error, host: configuration.host, port: configuration.port) ?? error
        }
        notifier.stopping()
    }
}
