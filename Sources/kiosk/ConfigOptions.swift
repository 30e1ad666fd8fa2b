import ArgumentParser
import Foundation
import KioskConfig
import KioskCore
import KioskJournal

/// The `--config` option every command shares, and what it leads to.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    /// Loads the configuration by the documented search order.
    func load() throws(KioskError) -> LoadedConfiguration {
        try ConfigurationLoader.load(
            explicit: config,
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath
        )
    }

    /// Loads the configuration and opens its journal for `use` (a command that only reads never writes to it).
    func openJournal(for use: Journal.Use = .recording) throws(KioskError) -> (KioskConfiguration, Journal) {
        let configuration = try load().configuration
        return (configuration, try Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: use))
    }
}
