import Foundation
public import KioskCore
public import KioskJournal
public import KioskReaders
public import KioskSync
public import KioskSystemd
public import Logging
public import ServiceLifecycle
import UnixSignals

/// The running kiosk: one service group of the readers (check-in), the live summary, day close and the
/// systemd watchdog. SIGTERM or SIGINT stops it cleanly; every acknowledged tap is already committed.
public struct KioskRuntime {
    /// Where the live summary goes.
    public enum Display: Sendable {
        /// Redrawn in place on this terminal.
        case terminal(colors: Bool)
        /// No screen: one log line per tap and per state change (under systemd, to journald).
        case logLines
    }

    public let configuration: KioskConfiguration
    public let journal: Journal
    public let readers: [any TagReader]
    public let display: Display
    public let logger: Logger
    /// Where the readers report their state, for the live summary.
    public var readerStates = ReaderStates()
    /// Pushes the journal to the hub; nil for a standalone kiosk.
    public var sync: SyncEngine?
    /// More services to run in the group, each with its own termination behaviour (e.g. a demo's hub).
    public var extraServices: [ServiceGroupConfiguration.ServiceConfiguration] = []

    public init(configuration: KioskConfiguration, journal: Journal, readers: [any TagReader], display: Display, logger: Logger) {
        self.configuration = configuration
        self.journal = journal
        self.readers = readers
        self.display = display
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT (or until every service has ended).
    public func run(notifier: SystemdNotifier = SystemdNotifier()) async throws {
        let rules = AttendanceRules(policy: configuration.attendance)
        let summary = LiveSummary(
            journal: journal,
            rules: rules,
            dataDirectory: configuration.dataDirectory,
            readerNames: readers.map(\.configuration.name),
            readerStates: readerStates,
            syncsToHub: sync != nil
        )
        let sync = self.sync
        let logger = self.logger
        let policy = configuration.attendance
        let recorder = TapRecorder(journal: journal, rules: rules, logger: logger) { presentation, result in
            guard case .recorded(let tap) = result else {
                if case .failed(let error) = result {
                    Task { await summary.tapRefused(uid: presentation.uid, reader: presentation.reader.name, reason: error.message) }
                }
                return
            }
            sync?.wake()
            logger.info(
                "\(presentation.reader.name): \(TapLine(tap, policy: policy).text)",
                metadata: [
                    "tap.outcome": "\(tap.outcome.rawValue)", "tag.uid": "\(presentation.uid)", "reader": "\(presentation.reader.name)",
                    "student.id": "\(tap.student?.id ?? "")", "event.id": "\(tap.eventID)",
                ]
            )
            Task { await summary.tapRecorded() }
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: ReaderService(readers: readers, recorder: recorder)),
            .init(
                service: DayCloseService(
                    dayClose: DayClose(journal: journal, rules: rules, directory: configuration.reportsDirectory, settings: configuration.reports),
                    logger: logger
                ),
                failureTerminationBehavior: .ignore
            ),
        ]
        if case .terminal(let colors) = display {
            services.append(.init(service: SummaryDisplay(summary: summary, logger: logger, colors: colors), failureTerminationBehavior: .ignore))
        }
        services.append(.init(service: SystemdReadiness(notifier: notifier)))
        if let interval = SystemdNotifier.watchdogInterval() {
            services.append(.init(service: SystemdWatchdog(notifier: notifier, interval: interval)))
        }
        if let sync { services.append(.init(service: sync, failureTerminationBehavior: .ignore)) }
        services += extraServices
        var groupConfiguration = ServiceGroupConfiguration(services: services, logger: logger)
        groupConfiguration.gracefulShutdownSignals = [.sigterm, .sigint]
        logger.info("kiosk \(configuration.kioskID) running with \(readers.count) readers", metadata: ["journal": "\(configuration.journalPath)"])
        try await ServiceGroup(configuration: groupConfiguration).run()
    }
}
