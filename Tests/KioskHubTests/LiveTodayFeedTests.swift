import Foundation
import KioskCore
import KioskWire
import Synchronization
import Testing

@testable import KioskConsole
@testable import KioskHub
@testable import KioskHubStorage

/// Today pages open on one property share its day: computed once when a page joins and once per announced change,
/// and handed to every page; when the day cannot be read, every page's stream ends (the browsers reconnect).
@Test func todayPagesOfOnePropertyShareEachComputationOfTheDay() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    let property = try await store.property(HubProperty.defaultID)
    let computed = Mutex(0)
    let broken = Mutex(false)
    let feed = LiveTodayFeed(changes: store.storage.changes, clock: .system, heartbeat: .seconds(3600)) { property in
        if broken.withLock({ $0 }) { throw KioskError(.unavailable, "the database went away") }
        computed.withLock { $0 += 1 }
        return try await store.today(for: property, now: Date())
    }
    func events(_ update: LiveTodayFeed.Update?) -> Int? {
        guard case .today(let today)? = update else { return nil }
        return today.latestEvents.count
    }

    let first = await feed.join(property)
    var firstUpdates = first.updates.makeAsyncIterator()
    #expect(events(await firstUpdates.next()) == 0)
    #expect(computed.withLock { $0 } == 1)

    // A second page gets the day computed again, and so does the first, from the same computation.
    let second = await feed.join(property)
    var secondUpdates = second.updates.makeAsyncIterator()
    #expect(events(await secondUpdates.next()) == 0)
    #expect(events(await firstUpdates.next()) == 0)
    #expect(computed.withLock { $0 } == 2)

    // A change of another property's day computes nothing here.
    await store.storage.announce(.day(property: "elsewhere"))
    _ = try await store.store(HubFixture.batch(kiosk: "gate-1", count: 3).events)
    #expect(events(await firstUpdates.next()) == 3)
    #expect(events(await secondUpdates.next()) == 3)
    #expect(computed.withLock { $0 } == 3)

    broken.withLock { $0 = true }
    _ = try await store.store(HubFixture.batch(kiosk: "gate-1", count: 1, firstSeq: 4).events)
    #expect(await firstUpdates.next() == nil)
    #expect(await secondUpdates.next() == nil)
}

/// Time passing alone changes a day at its curfew, its end and the ends of passes: the page gets the day again then,
/// with nothing announced.
@Test func aPassEndingChangesTheOpenPageWithoutAnyChange() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    _ = try await store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
    let property = try await store.property(HubProperty.defaultID)
    let now = Date()
    var out = HubFixture.event(kiosk: "gate-1", seq: 1)
    out.direction = .out
    out.occurredAt = Timestamp.format(now.addingTimeInterval(-60), in: .gmt)
    out.recordedAt = out.occurredAt
    _ = try await store.store([out])
    _ = try await store.createPass(
        try LeavePassRequest(studentID: "S001", from: now.addingTimeInterval(-3600), until: now.addingTimeInterval(1), reason: "home")
    )
    let computed = Mutex(0)
    let feed = LiveTodayFeed(changes: store.storage.changes, clock: .system, heartbeat: .seconds(3600)) { property in
        computed.withLock { $0 += 1 }
        return try await store.today(for: property, now: Date())
    }
    func status(_ update: LiveTodayFeed.Update?) -> AttendanceStatus? {
        guard case .today(let today)? = update else { return nil }
        return today.report.attendance.students.first { $0.student.id == "S001" }?.status
    }
    let page = await feed.join(property)
    var updates = page.updates.makeAsyncIterator()
    var first = await updates.next()
    // The pass may have ended while the page joined: then the day was already computed after it.
    if status(first) == .onLeave {
        first = await updates.next()
        #expect(computed.withLock { $0 } == 2)
    }
    #expect(status(first) != nil && status(first) != .onLeave)
    page.close.finish()
}

/// A page still writing keeps only its newest update, and a heartbeat sent meanwhile does not displace the day
/// waiting to be written.
@Test func aHeartbeatDoesNotDisplaceADayAPageHasNotWritten() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    let property = try await store.property(HubProperty.defaultID)
    let feed = LiveTodayFeed(changes: store.storage.changes, clock: .system, heartbeat: .milliseconds(20)) { property in
        try await store.today(for: property, now: Date())
    }
    let waiting = await feed.join(property)
    // A page that reads sees the day, then a heartbeat: both reached the waiting page too.
    let reading = await feed.join(property)
    var read = reading.updates.makeAsyncIterator()
    while true {
        guard let update = await read.next() else {
            Issue.record("the reading page's updates ended")
            return
        }
        if case .quiet = update { break }
    }
    var updates = waiting.updates.makeAsyncIterator()
    guard case .today? = await updates.next() else {
        Issue.record("the heartbeat displaced the day the page had not written")
        return
    }
    waiting.close.finish()
    reading.close.finish()
}

/// Heartbeats fall on whole multiples of their period on the wall clock, the same instants for every page.
@Test func heartbeatsFallOnWholeMultiplesOfTheirPeriod() {
    #expect(LiveTodayFeed.untilBeat(.seconds(10), now: Date(timeIntervalSince1970: 1_000.5)) == .milliseconds(9_500))
    #expect(LiveTodayFeed.untilBeat(.seconds(10), now: Date(timeIntervalSince1970: 1_000)) == .seconds(10))
    #expect(LiveTodayFeed.untilBeat(.seconds(60), now: Date(timeIntervalSince1970: 1_795_275_187)) == .seconds(53))
}
