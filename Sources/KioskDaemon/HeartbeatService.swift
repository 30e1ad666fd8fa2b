public import Foundation
public import KioskCore
public import KioskJournal
public import KioskReaders
public import KioskSync
public import KioskWire
public import Logging
public import ServiceLifecycle

/// Tells the hub how the gate is every `interval` while `kiosk run` runs (CONTRACT.md "Gate health and metrics"):
/// its backlog, clock, readers, disk and signed log. A heartbeat the hub does not keep is logged when the reason
/// changes and stops nothing: taps and sync go on.
public struct HeartbeatService: Service {
    /// How often a gate sends a heartbeat.
    public static let interval: Duration = .seconds(30)

    private let journal: Journal
    private let sync: SyncEngine
    private let readerNames: [String]
    private let readerStates: ReaderStates
    private let startedAt: Date
    private let interval: Duration
    private let logger: Logger

    /// A service that sends `sync`'s hub the state of `journal` and of the readers named `readerNames`, saying the
    /// kiosk started at `startedAt`.
    public init(
        journal: Journal,
        sync: SyncEngine,
        readerNames: [String],
        readerStates: ReaderStates,
        startedAt: Date,
        interval: Duration = HeartbeatService.interval,
        logger: Logger
    ) {
        self.journal = journal
        self.sync = sync
        self.readerNames = readerNames
        self.readerStates = readerStates
        self.startedAt = startedAt
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastProblem: String?
            while !Task.isCancelled {
                let problem: String?
                do throws(KioskError) {
                    problem = await sync.postHeartbeat(try await heartbeat())
                } catch {
                    problem = "cannot read the journal: \(error.message)"
                }
                if let problem, problem != lastProblem {
                    logger.warning("heartbeat not kept by the hub: \(problem)")
                } else if problem == nil, lastProblem != nil {
                    logger.info("heartbeats kept by the hub again")
                }
                lastProblem = problem
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// How the gate is now.
    public func heartbeat() async throws(KioskError) -> WireHeartbeat {
        let backlog = try await journal.syncBacklog()
        let disk = try await journal.diskUse()
        let witnessed = try await journal.logWitness().witnessedSize
        let states = readerStates.current
        return WireHeartbeat(
            kioskId: journal.kioskID,
            version: KioskVersion.current,
            startedAt: WireTime.format(startedAt),
            pending: Int64(backlog.pending),
            oldestPendingAt: backlog.oldestPendingAt.map(WireTime.format),
            quarantined: Int64(backlog.quarantined),
            clockSynced: journal.clockSynchronised,
            clockOffsetMs: Int64(((sync.latestClockOffset ?? 0) * 1000).rounded()),
            readers: readerNames.map { WireReaderHealth(name: $0, state: states[$0]?.healthy == true ? .up : .failing) },
            journalBytes: disk.journalBytes,
            freeBytes: disk.freeBytes,
            checkpointSize: witnessed
        )
    }
}
