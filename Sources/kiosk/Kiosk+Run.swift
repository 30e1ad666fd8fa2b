import ArgumentParser
import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskReaders
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
        let display = RuntimeLogging.start(plain: plain, dataDirectory: configuration.dataDirectory)
        let logger = Logger(label: "kiosk")
        let readers = try ReaderCatalog.readers(for: configuration.readers, logger: logger)
        try await KioskRuntime(configuration: configuration, journal: journal, readers: readers, display: display, logger: logger).run()
    }
}
