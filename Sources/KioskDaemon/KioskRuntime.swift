public import Foundation
public import KioskCards
public import KioskCore
public import KioskJournal
public import KioskReaders
import KioskStore
public import KioskSync
public import KioskSystemd
public import Logging
public import ServiceLifecycle
import UnixSignals

/// The running kiosk: one service group of the readers (check-in), the live summary, the gate's screen, day close,
/// the journal's checkpoints, sync, heartbeats and the systemd watchdog. SIGTERM or SIGINT stops it cleanly; every acknowledged tap is already committed.
///
/// Only graceful shutdown ends the group: every service but the readers is registered so that its end, or its
/// failure, leaves the others running, so the readers and the journal keep recording whatever the hub, the
/// display or day close does.
public struct KioskRuntime {
    /// Where the live summary goes.
    public enum Display: Sendable {
        /// Redrawn in place on this terminal (`output`); with `keepsFinalScreen` the last screen stays on the terminal
        /// after the kiosk stopped (the demo's ending).
        case terminal(colors: Bool, keepsFinalScreen: Bool = false, output: FileHandle = .standardOutput)
        /// No screen: one log line per tap and per state change (under systemd, to journald).
        case logLines
    }

    public let configuration: KioskConfiguration
    public let journal: Journal
    public let readers: [any TagReader]
    /// The PG's SUN keys (`[cards] sun_keys_file`), loaded at start; nil: cards are known by their UID alone.
    public let sunKeys: SunKeys?
    /// Where the readers report their state, for the live summary.
    public let readerStates: ReaderStates
    /// Pushes the journal to the hub; nil for a standalone kiosk.
    public let sync: SyncEngine?
    public let display: Display
    /// More services to run in the group, each with its own termination behaviour (e.g. a demo's hub).
    public let extraServices: [ServiceGroupConfiguration.ServiceConfiguration]
    public let logger: Logger
    private let clock: WallClock
    /// How often the gate tells its hub how it is.
    private let heartbeatInterval: Duration

    public init(
        configuration: KioskConfiguration,
        journal: Journal,
        readers: [any TagReader],
        sunKeys: SunKeys? = nil,
        readerStates: ReaderStates,
        sync: SyncEngine?,
        display: Display,
        extraServices: [ServiceGroupConfiguration.ServiceConfiguration] = [],
        clock: WallClock = .system,
        heartbeatInterval: Duration = HeartbeatService.interval,
        logger: Logger
    ) {
        self.configuration = configuration
        self.journal = journal
        self.readers = readers
        self.sunKeys = sunKeys
        self.readerStates = readerStates
        self.sync = sync
        self.display = display
        self.extraServices = extraServices
        self.clock = clock
        self.heartbeatInterval = heartbeatInterval
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT.
    public func run(notifier: SystemdNotifier = SystemdNotifier()) async throws {
        var groupConfiguration = ServiceGroupConfiguration(services: services(notifier: notifier), logger: logger)
        groupConfiguration.gracefulShutdownSignals = [.sigterm, .sigint]
        logger.info("kiosk \(configuration.kioskID) running with \(readers.count) readers", metadata: ["journal": "\(configuration.journalPath)"])
        try await ServiceGroup(configuration: groupConfiguration).run()
    }

    /// The group's services, readers first. Tests run them in a group of their own.
    public func services(notifier: SystemdNotifier = SystemdNotifier()) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let rules = AttendanceRules(policy: configuration.attendance)
        let summary = LiveSummary(
            journal: journal,
            rules: rules,
            dataDirectory: configuration.dataDirectory,
            readerNames: readers.map(\.configuration.name),
            readerStates: readerStates,
            syncsToHub: sync != nil,
            clock: clock
        )
        let sync = self.sync
        let logger = self.logger
        let policy = configuration.attendance
        let checkpoints = CheckpointService(database: journal.database, logger: logger)
        let screen = configuration.display.web.map { address in
            ScreenService(
                address: address,
                greetingSeconds: configuration.display.greetingSeconds,
                summary: summary,
                journal: journal,
                policy: policy,
                logger: logger
            )
        }
        // Awaited by the reader that made the presentation, so the summary hears of each reader's taps in order.
        let recorder = TapRecorder(
            journal: journal,
            rules: rules,
            keys: sunKeys,
            requireSun: configuration.cards.requireSun,
            logger: logger
        ) { presentation, result in
            switch result {
            case .failed(let error):
                await summary.tapRefused(uid: presentation.uid, reader: presentation.reader.name, reason: error.message)
            case .recorded(let tap):
                checkpoints.commitRecorded()
                sync?.wake()
                var metadata: Logger.Metadata = [
                    "tap.outcome": "\(tap.outcome.rawValue)", "tag.uid": "\(presentation.uid)", "reader": "\(presentation.reader.name)",
                    "student.id": "\(tap.student?.id ?? "")", "event.id": "\(tap.eventID)",
                ]
                if let refusal = tap.refusal { metadata["tap.refusal"] = "\(refusal.rawValue)" }
                logger.info("\(presentation.reader.name): \(TapLine(tap, policy: policy).text)", metadata: metadata)
                await summary.tapRecorded(tap)
                screen?.greet(tap)
            }
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: ReaderService(readers: readers, recorder: recorder)),
            Self.mayEnd(
                DayCloseService(
                    dayClose: DayClose(journal: journal, rules: rules, directory: configuration.reportsDirectory, settings: configuration.reports),
                    clock: clock,
                    logger: logger
                )
            ),
        ]
        if let retention = configuration.retention {
            let journal = self.journal
            services.append(
                Self.mayEnd(
                    RetentionService(policy: policy, clock: clock, logger: logger) { now throws(KioskError) in
                        try await journal.removeEvents(before: retention.cutoff(at: now))
                    }
                )
            )
        }
        if case .terminal(let colors, let keepsFinalScreen, let output) = display {
            services.append(
                Self.mayEnd(SummaryDisplay(summary: summary, logger: logger, colors: colors, keepsFinalScreen: keepsFinalScreen, output: output))
            )
        }
        if let screen { services.append(Self.mayEnd(screen)) }
        services.append(Self.mayEnd(SystemdReadiness(notifier: notifier)))
        if let interval = SystemdNotifier.watchdogInterval() {
            services.append(Self.mayEnd(SystemdWatchdog(notifier: notifier, interval: interval)))
        }
        services.append(Self.mayEnd(checkpoints))
        if let sync {
            services.append(Self.mayEnd(sync))
            let heartbeats = HeartbeatService(
                journal: journal,
                sync: sync,
                readerNames: readers.map(\.configuration.name),
                readerStates: readerStates,
                startedAt: clock.now(),
                interval: heartbeatInterval,
                logger: logger
            )
            services.append(Self.mayEnd(heartbeats))
        }
        return services + extraServices
    }

    /// A service whose end or failure leaves the rest of the group running.
    private static func mayEnd(_ service: some Service) -> ServiceGroupConfiguration.ServiceConfiguration {
        .init(service: service, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore)
    }
}
