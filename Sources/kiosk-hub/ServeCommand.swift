import ArgumentParser
import KioskCore
import KioskHub
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

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0-65535, not \(port)") }
    }

    func run() async throws {
        let (host, port) = (self.host, self.port)
        try await options.withStore(waitingForDatabase: true) { configuration in
            if let host { configuration.host = host }
            if let port { configuration.port = port }
        } _: { configuration, store in
            try await Self.serve(store: store, configuration: configuration)
        }
    }

    private static func serve(store: HubStore, configuration: HubConfiguration) async throws {
        var logger = Logger(label: "kiosk-hub")
        logger.logLevel = .info
        let notifier = SystemdNotifier()
        let application = HubServer.application(store: store, configuration: configuration, logger: logger) { port in
            notifier.status("listening on port \(port)")
            notifier.ready()
        }
        var services: [any Service] = [application]
        if let interval = SystemdNotifier.watchdogInterval() { services.append(SystemdWatchdog(notifier: notifier, interval: interval)) }
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
