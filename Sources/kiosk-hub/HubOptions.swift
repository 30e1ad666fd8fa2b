import ArgumentParser
import Foundation
import KioskConfig
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubStorage
import Logging

/// `--config` and `--data-dir`, which every hub command takes; flags override the file.
struct HubOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The hub's configuration file (TOML).", valueName: "path"))
    var config: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the hub's database lives.", valueName: "dir"))
    var dataDirectory: String?

    /// The configuration file's settings with the flags and `KIOSK_HUB_DATABASE_URL` applied.
    func load() throws(KioskError) -> HubConfiguration {
        var configuration = try HubConfigurationLoader.load(file: config)
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let url = ProcessInfo.processInfo.environment["KIOSK_HUB_DATABASE_URL"], !url.isEmpty {
            if let problem = DatabaseURL.problem(url) { throw KioskError(.configuration, "KIOSK_HUB_DATABASE_URL: \(problem)") }
            configuration.databaseURL = url
        }
        return configuration
    }

    /// Runs `body` with the configuration and its store, open for the length of the command.
    func withStore<T: Sendable>(_ body: (HubConfiguration, HubStore) async throws -> T) async throws -> T {
        let configuration = try load()
        return try await HubDatabase.withStore(configuration, logger: Self.logger) { store in
            try await body(configuration, store.acting(as: .commandLine(unixUser: Self.unixUser)))
        }
    }

    /// The name of the Unix user running the command (its uid when it has no name): the actor of its audit entries.
    static var unixUser: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        return String(cString: name)
    }

    /// The hub's log: info and above, on standard error.
    static var logger: Logger {
        var logger = Logger(label: "kiosk-hub")
        logger.logLevel = .info
        return logger
    }
}

/// `--property ID`: the property a command acts on (default `default`).
struct PropertyOption: ParsableArguments {
    @Option(help: ArgumentHelp("The property (one PG) to act on; default 'default'.", valueName: "id"))
    var property: String = HubProperty.defaultID
}
