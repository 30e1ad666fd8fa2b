public import Foundation
public import KioskCore
public import KioskDashboard
public import KioskJournal
public import KioskReaders

/// What the live summary knows: from the journal, the current day's attendance and the latest taps (whoever
/// recorded them: a reader, `kiosk tap`, a manual entry); from the running services, the readers' states, the
/// sync and the alerts. Every change is announced on `changes`, so the display redraws at once.
public actor LiveSummary {
    private let journal: Journal
    private let rules: AttendanceRules
    private let clock: WallClock
    private let dataDirectory: String
    private let readerNames: [String]
    private let readerStates: ReaderStates
    private let syncsToHub: Bool
    private let continuation: AsyncStream<Void>.Continuation
    /// The latest read the journal refused, until a read is recorded again.
    public private(set) var refusal: DashboardSnapshot.Refusal?

    /// Yields whenever something shown changed.
    public nonisolated let changes: AsyncStream<Void>

    /// How many recent taps are kept for the screen.
    public static let recentLimit = 12

    public init(
        journal: Journal,
        rules: AttendanceRules,
        dataDirectory: String,
        readerNames: [String],
        readerStates: ReaderStates,
        syncsToHub: Bool,
        clock: WallClock = .system
    ) {
        self.syncsToHub = syncsToHub
        self.journal = journal
        self.rules = rules
        self.clock = clock
        self.dataDirectory = dataDirectory
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.readerNames = readerNames
        self.readerStates = readerStates
    }

    /// A read was committed: redraw now. The journal takes writes again, so a refusal shown before is over.
    public func tapRecorded() {
        refusal = nil
        continuation.yield()
    }

    /// A read could not be recorded (disk full, I/O error): show it until a later read is recorded.
    public func tapRefused(uid: TagUID, reader: String, reason: String) {
        refusal = DashboardSnapshot.Refusal(uid: uid.hex, reader: reader, at: clock.now(), reason: reason)
        continuation.yield()
    }

    /// The kiosk's id and the clock, for a screen drawn without the journal.
    public nonisolated var kioskID: String { journal.kioskID }
    public nonisolated func now() -> Date { clock.now() }

    /// Everything the screen shows, now.
    public func snapshot() async throws(KioskError) -> DashboardSnapshot {
        let now = clock.now()
        let day = rules.policy.attendanceDay(containing: now)
        let report = try await journal.report(on: day, evaluatedAt: now, rules: rules)
        let recent = try await journal.recentTaps(limit: Self.recentLimit)
        let states = readerStates.current
        let readerList = readerNames.map { name in
            states[name].map { DashboardSnapshot.Reader(name: name, state: $0.description, healthy: $0.healthy) }
                ?? DashboardSnapshot.Reader(name: name, state: "starting", healthy: true)
        }
        var sync: DashboardSnapshot.Sync?
        var syncAlert: String?
        if syncsToHub {
            let status = try await journal.syncStatus()
            let completeness = report.completeness
            sync = DashboardSnapshot.Sync(
                pending: completeness.pending,
                quarantined: completeness.quarantined,
                lastSyncedAt: status.lastSuccessAt,
                nextRetryAt: status.nextRetryAt
            )
            if let error = status.lastError, status.lastErrorKind?.needsNewToken == true { syncAlert = "hub: \(error), see kiosk doctor" }
        }
        return DashboardSnapshot(
            now: now,
            kioskID: journal.kioskID,
            attendance: report.attendance,
            recentTaps: recent,
            readers: readerList,
            sync: sync,
            alerts: alerts(readers: readerList, syncAlert: syncAlert),
            refusal: refusal
        )
    }

    /// Asks for a redraw without a change (the clock moved on).
    public func tick() {
        continuation.yield()
    }

    /// Stops announcing changes.
    public func finish() {
        continuation.finish()
    }

    private func alerts(readers: [DashboardSnapshot.Reader], syncAlert: String?) -> [String] {
        var alerts: [String] = []
        if let refusal { alerts.append("\(refusal.reason); taps are refused, each new tap retries") }
        if !SystemClockStatus.isSynchronised { alerts.append("system clock not synchronised: tap times may be wrong") }
        if let free = DiskSpace.freeBytes(at: dataDirectory), free < DiskSpace.lowWater {
            alerts.append("disk nearly full: \(free / 1_000_000) MB free for the journal")
        }
        if let syncAlert { alerts.append(syncAlert) }
        for reader in readers where !reader.healthy { alerts.append("reader \(reader.name): \(reader.state)") }
        if readers.isEmpty { alerts.append("no readers configured: cards cannot be read") }
        return alerts
    }
}
