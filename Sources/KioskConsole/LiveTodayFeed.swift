import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// The live part of every Today page open in this hub process. Per property, the day is computed once when a page
/// joins, when a change of it is announced (by any hub process sharing the database) and when time passing changes it
/// (`ConsoleToday.nextChangeByTime`: curfew, a pass), and handed to each of its pages; while nothing changes nothing is
/// read, however many pages and properties are open. Every page gets a heartbeat at each whole multiple of
/// `heartbeat` on the wall clock, all from one timer: the process wakes once per beat, not once per page (P12).
actor LiveTodayFeed {
    /// What a page is sent: the day again, or that nothing changed for `heartbeat`.
    enum Update: Sendable {
        case today(ConsoleToday)
        case quiet
    }

    /// One page's updates; `close` ends them (the page is leaving).
    struct Page: Sendable {
        let updates: AsyncStream<Update>
        let close: AsyncStream<Update>.Continuation
    }

    typealias Today = @Sendable (HubProperty) async throws -> ConsoleToday

    /// The pages of one property and the task computing its day for them.
    private struct Watch {
        let generation: Int
        var pages: [Int: AsyncStream<Update>.Continuation] = [:]
        /// Whether the day must be computed again for the next update.
        var stale = true
        /// Whether its pages were sent a day: a heartbeat means nothing changed since.
        var shown = false
        /// Wakes the task: the day went stale, or its next change by time is due.
        let wake: AsyncStream<Void>.Continuation
        var task: Task<Void, Never>?
    }

    private let changes: HubChanges
    private let clock: WallClock
    private let heartbeat: Duration
    private let today: Today
    private var watches: [String: Watch] = [:]
    private var counter = 0
    /// Hears the announced changes while any page is open.
    private var listening: Task<Void, Never>?
    /// Sends the heartbeats while any page is open.
    private var beating: Task<Void, Never>?

    init(changes: HubChanges, clock: WallClock, heartbeat: Duration, today: @escaping Today) {
        self.changes = changes
        self.clock = clock
        self.heartbeat = heartbeat
        self.today = today
    }

    /// A new page of `property`: its first update is the day computed after it joined. Its updates end when it
    /// closes, and when the property's day cannot be read (the browser then reconnects).
    func join(_ property: HubProperty) -> Page {
        if listening == nil {
            let heard = changes.subscribe()
            listening = Task { for await change in heard { self.hear(change) } }
        }
        if beating == nil {
            beating = Task { [heartbeat] in
                while (try? await Task.sleep(for: Self.untilBeat(heartbeat, now: Date()))) != nil { self.beat() }
            }
        }
        let (updates, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .bufferingNewest(1))
        counter += 1
        let page = counter
        if watches[property.id] == nil {
            let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            var watch = Watch(generation: page, wake: wake)
            watch.task = Task { await self.look(at: property, generation: page, wakes: wakes) }
            watches[property.id] = watch
        }
        watches[property.id]?.pages[page] = continuation
        makeStale(property.id)
        continuation.onTermination = { _ in Task { await self.leave(page, of: property.id) } }
        return Page(updates: updates, close: continuation)
    }

    private func hear(_ change: HubChange) {
        for property in watches.keys where change.changesDay(of: property) { makeStale(property) }
    }

    private func makeStale(_ property: String) {
        watches[property]?.stale = true
        watches[property]?.wake.yield()
    }

    private func leave(_ page: Int, of property: String) {
        guard var watch = watches[property], watch.pages.removeValue(forKey: page) != nil else { return }
        if watch.pages.isEmpty {
            end(property)
        } else {
            watches[property] = watch
        }
    }

    /// Stops computing the day of `property` and ends its pages' updates.
    private func end(_ property: String) {
        guard let watch = watches.removeValue(forKey: property) else { return }
        watch.task?.cancel()
        watch.wake.finish()
        for page in watch.pages.values { page.finish() }
        if watches.isEmpty {
            listening?.cancel()
            listening = nil
            beating?.cancel()
            beating = nil
        }
    }

    /// Computes the day of `property` whenever it is stale or time changes it, until its last page leaves or its day
    /// cannot be read.
    private func look(at property: HubProperty, generation: Int, wakes: AsyncStream<Void>) async {
        var nextChange: Date?
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        for await _ in wakes {
            guard let watch = watches[property.id], watch.generation == generation else { return }
            guard watch.stale || nextChange.map({ $0 <= clock.now() }) == true else { continue }
            watches[property.id]?.stale = false
            guard let day = try? await today(property) else {
                if watches[property.id]?.generation == generation { end(property.id) }
                return
            }
            nextChange = day.nextChangeByTime
            send(.today(day), to: property.id, generation: generation)
            watches[property.id]?.shown = true
            timer?.cancel()
            timer = nextChange.map { change in
                Task { [wake = watch.wake, wait = Duration.seconds(max(0, change.timeIntervalSince(clock.now())))] in
                    if (try? await Task.sleep(for: wait)) != nil { wake.yield() }
                }
            }
        }
    }

    /// A heartbeat to every open page that was sent a day.
    private func beat() {
        for (property, watch) in watches where watch.shown { send(.quiet, to: property, generation: watch.generation) }
    }

    /// How long after `now` the next whole multiple of `period` since the Unix epoch comes: heartbeats fall on the
    /// same instants in every stream (and on the minute, which the pages show).
    static func untilBeat(_ period: Duration, now: Date) -> Duration {
        let periodNanoseconds = max(1, period.components.seconds * 1_000_000_000 + period.components.attoseconds / 1_000_000_000)
        let nowNanoseconds = Int64(now.timeIntervalSince1970 * 1_000_000_000)
        return .nanoseconds(periodNanoseconds - nowNanoseconds % periodNanoseconds)
    }

    /// Each page keeps only its newest update while it writes the one before; a heartbeat never displaces a day.
    private func send(_ update: Update, to property: String, generation: Int) {
        guard let watch = watches[property], watch.generation == generation else { return }
        for page in watch.pages.values {
            if case .dropped(let day) = page.yield(update), case .today = day, case .quiet = update { page.yield(day) }
        }
    }
}
