import ArgumentParser
import KioskCore
import KioskDaemon
import KioskJournal
import KioskReaders
import Logging
import ServiceLifecycle
import UnixSignals

/// `kiosk run`: the service. Runs the configured readers and records every read through the journal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk: read cards on the configured readers and record every read.",
        discussion: """
            Every read goes through the same decision and journal path as `kiosk tap`; one line per read is printed \
            after its record committed. A reader that fails is reopened with backoff; the others keep reading. \
            Stops cleanly on SIGTERM or SIGINT.
            """
    )

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        let readers = try ReaderSelection(configuration, defaultToEveryPCSCReader: false).readers
        let policy = configuration.attendance
        let recorder = TapRecorder(journal: journal, rules: AttendanceRules(policy: policy), logger: KioskLog.logger) { presentation, result in
            switch result {
            case .recorded(let tap): printLine("\(presentation.reader.name): \(TapAnnouncement(tap, policy: policy).line)")
            case .failed(let error): printLine("\(presentation.reader.name): NOT RECORDED \(presentation.uid): \(error.message)")
            }
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: ReaderService(readers: readers, recorder: recorder))],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: KioskLog.logger
            )
        )
        KioskLog.logger.info("kiosk \(configuration.kioskID) running with \(readers.count) reader(s)")
        try await group.run()
    }
}
