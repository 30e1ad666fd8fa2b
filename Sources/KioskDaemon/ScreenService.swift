public import KioskCore
import KioskDashboard
public import KioskJournal
import KioskScreen
public import Logging
public import ServiceLifecycle

/// The gate's screen (`[display] web`, CONTRACT.md "The gate's screen"): serves the page and keeps it told, a
/// greeting for each read recorded and, after it and every second while a page is open, the time and today's counts.
///
/// Greetings are made in a task of the screen's own, so a reader never waits on the screen's reads of the journal
/// (the photo, the day's counts) before its next card; in a burst the screen skips to the newest reads.
///
/// A screen that cannot be served (its port taken) is logged and ends alone: the gate goes on recording.
public struct ScreenService: Service {
    private let address: ListenAddress
    private let greetingSeconds: Int
    private let feed = ScreenFeed()
    private let summary: LiveSummary
    private let journal: Journal
    private let policy: AttendancePolicy
    private let logger: Logger
    private let taps: AsyncStream<RecordedTap>
    private let tapsContinuation: AsyncStream<RecordedTap>.Continuation

    public init(address: ListenAddress, greetingSeconds: Int, summary: LiveSummary, journal: Journal, policy: AttendancePolicy, logger: Logger) {
        self.address = address
        self.greetingSeconds = greetingSeconds
        self.summary = summary
        self.journal = journal
        self.policy = policy
        self.logger = logger
        (taps, tapsContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(Self.queuedGreetings))
    }

    /// Reads awaiting their greeting; older ones are dropped in a burst (each shows for seconds, the newest matters).
    private static let queuedGreetings = 8

    public func run() async throws {
        let server = ScreenServer(address: address, feed: feed, logger: logger)
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await server.run() }
                    group.addTask {
                        for await tap in taps { await show(tap) }
                    }
                    group.addTask {
                        while true {
                            if await feed.hasPages { await sendStatus() }
                            try await Task.sleep(for: .seconds(1))
                        }
                    }
                }
            }
        } catch {
            // The end of a graceful shutdown is no failure.
            if !Task.isShuttingDownGracefully {
                logger.error("the gate's screen stopped: \((error as? KioskError)?.message ?? "\(error)"); taps are still recorded and logged")
            }
        }
        tapsContinuation.finish()
        await feed.finish()
    }

    /// Greets a read just committed on every open page, soon after and without waiting for it.
    public func greet(_ tap: RecordedTap) {
        tapsContinuation.yield(tap)
    }

    /// Shows one read on every open page, with the student's photo when the journal holds one, then the new counts.
    private func show(_ tap: RecordedTap) async {
        guard await feed.hasPages else { return }
        let line = TapLine(tap, policy: policy)
        let photo = try? await tap.student.asyncFlatMap { try await journal.photo(of: $0.id) }
        let student = tap.outcome == .unknown || tap.outcome == .refused ? nil : tap.student
        let greeting = ScreenGreeting(
            id: tap.eventID.description,
            outcome: tap.outcome.rawValue,
            name: student?.name,
            room: student.flatMap { $0.room.isEmpty ? nil : $0.room },
            detail: line.detail,
            hasPhoto: student != nil && photo != nil
        )
        await feed.greet(greeting, photo: student == nil ? nil : photo, seconds: greetingSeconds)
        await sendStatus()
    }

    /// The time and today's counts; the counts are left out while the journal cannot be read.
    private func sendStatus() async {
        let snapshot = try? await summary.snapshot()
        let counts = snapshot.map {
            let summary = $0.attendance.summary
            return ScreenCounts(
                checkedIn: summary.checkedIn,
                checkedOut: summary.checkedOut,
                notReturned: summary.notReturned,
                absent: summary.absent,
                onLeave: summary.onLeave
            )
        }
        // The property's name from the hub; a standalone kiosk (or one that has not synced yet) shows its id.
        let title = ((try? await journal.propertyName()) ?? nil) ?? journal.kioskID
        await feed.update(ScreenStatus(title: title, time: policy.timeOfDay(of: summary.now()), counts: counts, greetingSeconds: greetingSeconds))
    }
}

extension Optional {
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
