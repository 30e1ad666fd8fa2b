import ArgumentParser
import Foundation
import KioskConfig
import KioskCore
import KioskDaemon
import KioskJournal

/// `kiosk status`: what the kiosk knows right now.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show today's attendance summary, the sync queue and the configured readers."
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: "text or json.")
    var format: StatusFormat = .text

    enum StatusFormat: String, CaseIterable, ExpressibleByArgument {
        case text, json
    }

    func run() async throws {
        let loaded = try options.load()
        let configuration = loaded.configuration
        let journal = try Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading)
        let policy = configuration.attendance
        let now = WallClock.system.now()
        let day = policy.attendanceDay(containing: now)
        let report = try await journal.report(on: day, evaluatedAt: now, rules: AttendanceRules(policy: policy))
        let status = KioskStatus(
            configuration: configuration,
            configPath: loaded.path,
            report: report,
            sync: try await journal.syncStatus(),
            readerStates: ReaderStateFile(dataDirectory: configuration.dataDirectory).read(),
            log: try await GateLogStatus(journal)
        )
        print(format == .json ? status.json() : status.text(), terminator: "")
    }
}
