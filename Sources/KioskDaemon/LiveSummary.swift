public import Foundation
public import KioskCore
public import KioskDashboard
public import KioskJournal
public import KioskReaders

/// What the live summary knows: from the journal, the current day's attendance and the latest taps (whoever
/// recorded them: a reader, `kiosk tap`, a manual entry); from the running services, the readers' states, the
/// sync and the alerts. Every change is announced on `changes`, so the display redraws at once.
///
/// The day is kept in memory: read from the journal once, then each tap this process records is applied to it,
/// so drawing after a tap costs the same whatever the roster's size. It is read again when the attendance day
/// changes, when the journal's facts changed otherwise (another process's commit, a pull from the hub), and when a
/// tap or the clock falls before the reads the day has already tallied (`LiveAttendance.tallyDelay`).
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
    /// The day kept in memory, the taps listed, and the journal's stamp when they were read; nil until read.
    private var day: LiveAttendance?
    private var recent: [RecordedTap] = []
    private var stamp: JournalChangeStamp?
    /// Taps recorded while the day is being read again, per read in flight: applied to the day once read.
    private var arrivals: [Int: [RecordedTap]] = [:]
    private var reads = 0
    /// The sync block and its alert, read again at the next tick of the clock (counting pending rows is not free).
    private var sync: (block: DashboardSnapshot.Sync, alert: String?)?

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

    /// A read was committed: it joins the day and the list, and the screen redraws. The journal takes writes again,
    /// so a refusal shown before is over.
    public func tapRecorded(_ tap: RecordedTap) {
        refusal = nil
        for key in arrivals.keys { arrivals[key]?.append(tap) }
        if day?.apply(tap) == false { day = nil }
        recent = Self.listing(tap, in: recent)
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
        let date = rules.policy.attendanceDay(containing: now)
        let current = try await journal.changeStamp()
        var live: LiveAttendance
        if let held = day, held.date == date, current == stamp { live = held } else { live = try await readDay(date, stamp: current) }
        day = nil  // so the day is changed in place, not copied
        if !live.advance(to: now) {
            // The clock went back past the reads the day has tallied.
            live = try await readDay(date, stamp: current)
            _ = live.advance(to: now)
        }
        day = live
        let attendance = live.attendance
        let states = readerStates.current
        let readerList = readerNames.map { name in
            states[name].map { DashboardSnapshot.Reader(name: name, state: $0.description, healthy: $0.healthy) }
                ?? DashboardSnapshot.Reader(name: name, state: "starting", healthy: true)
        }
        let sync = syncsToHub ? try await syncBlock() : nil
        return DashboardSnapshot(
            now: now,
            kioskID: journal.kioskID,
            attendance: attendance,
            recentTaps: recent,
            readers: readerList,
            sync: sync?.block,
            alerts: alerts(readers: readerList, syncAlert: sync?.alert),
            refusal: refusal
        )
    }

    /// Reads day `date` from the journal, then applies the taps recorded meanwhile (a tap the read already saw
    /// changes nothing).
    private func readDay(_ date: AttendanceDate, stamp current: JournalChangeStamp) async throws(KioskError) -> LiveAttendance {
        reads += 1
        let key = reads
        arrivals[key] = []
        defer { arrivals[key] = nil }
        let (facts, listed) = try await journal.liveDay(on: date, rules: rules, recentLimit: Self.recentLimit)
        var read = LiveAttendance(facts, on: date, evaluatedAt: clock.now(), rules: rules)
        var list = listed
        var complete = true
        for tap in arrivals[key] ?? [] {
            complete = read.apply(tap) && complete
            list = Self.listing(tap, in: list)
        }
        recent = list
        stamp = complete ? current : nil
        return read
    }

    /// `recent` with `tap`, the newest recorded, first (once).
    private static func listing(_ tap: RecordedTap, in recent: [RecordedTap]) -> [RecordedTap] {
        Array(([tap] + recent.filter { $0.eventID != tap.eventID }).prefix(recentLimit))
    }

    /// The sync block and the alert it may raise.
    private func syncBlock() async throws(KioskError) -> (block: DashboardSnapshot.Sync, alert: String?) {
        if let sync { return sync }
        let status = try await journal.syncStatus()
        let counts = try await journal.syncCounts()
        let block = DashboardSnapshot.Sync(
            pending: counts.pending,
            quarantined: counts.quarantined,
            lastSyncedAt: status.lastSuccessAt,
            nextRetryAt: status.nextRetryAt
        )
        let alert = status.lastErrorKind?.needsNewToken == true ? status.lastError.map { "hub: \($0), see kiosk doctor" } : nil
        sync = (block, alert)
        return (block, alert)
    }

    /// Asks for a redraw without a change (the clock moved on); the sync block is read again.
    public func tick() {
        sync = nil
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
