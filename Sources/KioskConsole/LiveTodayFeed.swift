import KioskHub

/// The live part of every Today page open in this hub process. Per property, one look at its newest event every
/// `poll`, however many pages show it; the day is computed once when an event arrived, a page joined or `refresh`
/// passed (curfew changes statuses without an event), and handed to each of its pages.
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

    typealias NewestCursor = @Sendable (_ property: String) async throws -> Int64
    typealias Today = @Sendable (HubProperty) async throws -> ConsoleToday

    /// The pages of one property and the task looking at it.
    private struct Watch {
        let generation: Int
        var pages: [Int: AsyncStream<Update>.Continuation] = [:]
        /// Whether a page joined since the day was last sent.
        var joined = true
        var task: Task<Void, Never>?
    }

    private let newestCursor: NewestCursor
    private let today: Today
    private let poll: Duration
    private let refresh: Duration
    private let heartbeat: Duration
    private var watches: [String: Watch] = [:]
    private var counter = 0

    init(poll: Duration, refresh: Duration, heartbeat: Duration, newestCursor: @escaping NewestCursor, today: @escaping Today) {
        self.poll = poll
        self.refresh = refresh
        self.heartbeat = heartbeat
        self.newestCursor = newestCursor
        self.today = today
    }

    /// A new page of `property`: its first update is the day at the next look. Its updates end when it closes, and
    /// when the property's day cannot be read (the browser then reconnects).
    func join(_ property: HubProperty) -> Page {
        let (updates, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .bufferingNewest(1))
        counter += 1
        let page = counter
        var watch = watches[property.id] ?? Watch(generation: page)
        watch.pages[page] = continuation
        watch.joined = true
        if watch.task == nil {
            let generation = watch.generation
            watch.task = Task { await self.look(at: property, generation: generation) }
        }
        watches[property.id] = watch
        continuation.onTermination = { _ in Task { await self.leave(page, of: property.id) } }
        return Page(updates: updates, close: continuation)
    }

    private func leave(_ page: Int, of property: String) {
        guard var watch = watches[property], watch.pages.removeValue(forKey: page) != nil else { return }
        if watch.pages.isEmpty {
            watch.task?.cancel()
            watches[property] = nil
        } else {
            watches[property] = watch
        }
    }

    /// Looks at `property` until its last page leaves or its day cannot be read.
    private func look(at property: HubProperty, generation: Int) async {
        var sentCursor: Int64?
        var lastDay = ContinuousClock.now
        var lastUpdate = ContinuousClock.now
        do {
            while !Task.isCancelled {
                let cursor = try await newestCursor(property.id)
                let joined = watches[property.id]?.joined == true
                if cursor != sentCursor || joined || lastDay.duration(to: .now) >= refresh {
                    watches[property.id]?.joined = false
                    send(.today(try await today(property)), to: property.id, generation: generation)
                    (sentCursor, lastDay, lastUpdate) = (cursor, .now, .now)
                } else if lastUpdate.duration(to: .now) >= heartbeat {
                    send(.quiet, to: property.id, generation: generation)
                    lastUpdate = .now
                }
                try await Task.sleep(for: poll)
            }
        } catch {
            guard let watch = watches[property.id], watch.generation == generation else { return }
            watches[property.id] = nil
            for page in watch.pages.values { page.finish() }
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
