import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// The live part of every Today page open in this hub process. Per property, the day is computed once when a page
/// joins, when a change of it is announced (by any hub process sharing the database) and when time passing changes it
/// (`ConsoleToday.nextChangeByTime`: curfew, a pass), and handed to each of its pages; while nothing changes nothing is
/// read, however many pages and properties are open, and each page gets a heartbeat every `heartbeat`.
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
        /// Wakes the task: the day went stale, or its heartbeat or next change by time is due.
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
        }
    }

    /// Computes the day of `property` whenever it is stale or time changes it, and sends heartbeats between, until its
    /// last page leaves or its day cannot be read.
    private func look(at property: HubProperty, generation: Int, wakes: AsyncStream<Void>) async {
        var nextChange: Date?
        var lastUpdate = ContinuousClock.now
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        for await _ in wakes {
            guard let watch = watches[property.id], watch.generation == generation else { return }
            if watch.stale || nextChange.map({ $0 <= clock.now() }) == true {
                watches[property.id]?.stale = false
                guard let day = try? await today(property) else {
                    if watches[property.id]?.generation == generation { end(property.id) }
                    return
                }
                nextChange = day.nextChangeByTime
                send(.today(day), to: property.id, generation: generation)
                lastUpdate = .now
            } else if lastUpdate.duration(to: .now) >= heartbeat {
                send(.quiet, to: property.id, generation: generation)
                lastUpdate = .now
            }
            var wait = heartbeat - lastUpdate.duration(to: .now)
            if let nextChange { wait = min(wait, .seconds(max(0, nextChange.timeIntervalSince(clock.now())))) }
            timer?.cancel()
            timer = Task { [wake = watch.wake] in
                if (try? await Task.sleep(for: wait)) != nil { wake.yield() }
            }
        }
    }

    /// Each page keeps only its newest update while it writes the one before; a heartbeat never displaces a day.
    private func send(_ update: Update, to property: String, generation: Int) {
        guard let watch = watches[property], watch.generation == generation else { return }
        for page in watch.pages.values {
            if case .dropped(let day) = page.yield(update), case .today = day, case .quiet = update { page.yield(day) }
        }
    }
}
