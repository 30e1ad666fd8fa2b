import ArgumentParser
import KioskConfig
import KioskCore
import KioskHub

/// `--config` and `--data-dir`, which every hub command takes; flags override the file.
struct HubOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The hub's configuration file (TOML).", valueName: "path"))
    var config: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the hub's database lives.", valueName: "dir"))
    var dataDirectory: String?

    /// The configuration file's settings with the flags applied.
    func load() throws(KioskError) -> HubConfiguration {
        var configuration = try HubConfigurationLoader.load(file: config)
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        return configuration
    }

    /// The configuration and the opened store.
    func openStore() throws(KioskError) -> (HubConfiguration, HubStore) {
        let configuration = try load()
        return (configuration, try HubStore.open(dataDirectory: configuration.dataDirectory))
    }
}
