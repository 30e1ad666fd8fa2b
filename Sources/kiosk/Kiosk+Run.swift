import ArgumentParser
import Foundation
import KioskCards
import KioskCore
import KioskDaemon
import KioskGateLog
import KioskJournal
import KioskLog
import KioskReaders
import KioskSync
import Logging

/// `kiosk run`: the service at the gate.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk: the readers, the journal, the live summary and day close.",
        discussion: """
            On a terminal the live attendance summary is redrawn in place and the log goes to data_dir/kiosk.log; \
            off a terminal (under systemd) each tap and state change is one log line on standard output. \
            SIGTERM or Ctrl-C stops it within a second; every tap already shown is in the journal.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Flag(help: "Log one line per tap instead of drawing the live summary, even on a terminal.")
    var plain = false

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        let sunKeys = try configuration.cards.sunKeysFile.map { (path) throws(KioskError) in try SunKeys.load(path: path) }
        let display = RuntimeLogging.start(plain: plain, dataDirectory: configuration.dataDirectory)
        let logger = Logger(label: "kiosk")
        let states = ReaderStates(onChange: ReaderStateFile(dataDirectory: configuration.dataDirectory).write)
        let readers = try ReaderCatalog.readers(for: configuration.readers, logger: logger, states: states, readsSun: sunKeys != nil)
        let logKey = GateLogKey.signer(for: configuration) { logger.error("\($0)") }
        let runtime = KioskRuntime(
            configuration: configuration,
            journal: journal,
            readers: readers,
            sunKeys: sunKeys,
            readerStates: states,
            sync: syncEngine(configuration, journal: journal, logKey: logKey, logger: logger),
            display: display,
            logger: logger
        )
        try await runtime.run()
        do {
            try journal.close()
        } catch {
            logger.warning("\(error.message); the next start checks the whole journal")
        }
    }

    /// The engine pushing to the configured hub. A token file that cannot be read yet leaves the engine waiting
    /// for it (taps are still recorded and stay pending); a hub address the client cannot use is logged and the
    /// kiosk runs on without sync.
    private func syncEngine(_ configuration: KioskConfiguration, journal: Journal, logKey: NoteSigner?, logger: Logger) -> SyncEngine? {
        guard let sync = configuration.sync else { return nil }
        var token = ""
        do {
            let (read, warning) = try TokenFile.read(sync.tokenFile)
            if let warning { logger.warning("\(warning)") }
            token = read
        } catch {
            logger.error("not syncing to the hub yet: \(error.message); taps stay pending until this is fixed")
        }
        do {
            return SyncEngine(
                journal: journal,
                client: try HubClient(configuration: sync, token: token),
                configuration: sync,
                logKey: logKey,
                logger: logger
            )
        } catch {
            logger.error("not syncing to the hub: \(error.message); taps stay pending until this is fixed")
            return nil
        }
    }
}
