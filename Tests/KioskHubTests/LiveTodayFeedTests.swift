import Foundation
import KioskCore
import KioskWire
import Synchronization
import Testing

@testable import KioskConsole
@testable import KioskHub

/// Today pages open on one property share its day: computed once when a page joins and once per new event, and
/// handed to every page; when the day cannot be read, every page's stream ends (the browsers reconnect).
@Test func todayPagesOfOnePropertyShareEachComputationOfTheDay() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    let property = try await store.property(HubProperty.defaultID)
    let computed = Mutex(0)
    let broken = Mutex(false)
    let feed = LiveTodayFeed(
        poll: .milliseconds(10),
        refresh: .seconds(3600),
        heartbeat: .seconds(3600),
        newestCursor: { property in
            if broken.withLock({ $0 }) { throw KioskError(.unavailable, "the database went away") }
            return try await store.newestCursor(property: property)
        },
        today: { property in
            computed.withLock { $0 += 1 }
            return try await store.today(for: property, now: Date())
        }
    )
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

    _ = try await store.store(HubFixture.batch(kiosk: "gate-1", count: 3).events)
    #expect(events(await firstUpdates.next()) == 3)
    #expect(events(await secondUpdates.next()) == 3)
    #expect(computed.withLock { $0 } == 3)

    broken.withLock { $0 = true }
    #expect(await firstUpdates.next() == nil)
    #expect(await secondUpdates.next() == nil)
}

/// A page still writing keeps only its newest update, and a heartbeat sent meanwhile does not displace the day
/// waiting to be written.
@Test func aHeartbeatDoesNotDisplaceADayAPageHasNotWritten() async throws {
    let hub = try await HubFixture()
    let store = hub.store
    let property = try await store.property(HubProperty.defaultID)
    let computed = Mutex(0)
    // Each look at the newest event once the day was computed: the look before it has sent its update.
    let (looks, looked) = AsyncStream.makeStream(of: Void.self)
    let feed = LiveTodayFeed(
        poll: .milliseconds(10),
        refresh: .seconds(3600),
        heartbeat: .zero,
        newestCursor: { property in
            if computed.withLock({ $0 }) > 0 { looked.yield() }
            return try await store.newestCursor(property: property)
        },
        today: { property in
            let today = try await store.today(for: property, now: Date())
            computed.withLock { $0 += 1 }
            return today
        }
    )
    let page = await feed.join(property)
    var waited = looks.makeAsyncIterator()
    // The look that sent the day, then one that found nothing new and sent a heartbeat, then the next.
    for _ in 0..<2 { await waited.next() }
    var updates = page.updates.makeAsyncIterator()
    guard case .today? = await updates.next() else {
        Issue.record("the heartbeat displaced the day the page had not written")
        return
    }
    page.close.finish()
    #expect(computed.withLock { $0 } == 1)
}
