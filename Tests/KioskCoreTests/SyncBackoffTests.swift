import Foundation
import KioskCore
import Testing

/// A random source that returns the given fractions in turn.
final class Fractions: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double]

    init(_ values: [Double]) { self.values = values }

    func next() -> Double {
        lock.withLock { values.removeFirst() }
    }
}

@Test func fullJitterDoublesTheCeilingUpToTheCap() {
    let fractions = Fractions([1, 1, 1, 0.5, 1, 1, 1, 1, 1, 1, 0])
    var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(300), unitRandom: fractions.next)
    let sleeps = (0..<11).map { _ in backoff.failed() }
    #expect(sleeps == [1, 2, 4, 4, 16, 32, 64, 128, 256, 300, 0].map { Duration.seconds($0) })
}

@Test func successResetsTheSchedule() {
    var backoff = SyncBackoff(base: .seconds(2), cap: .seconds(60), unitRandom: { 1 })
    _ = backoff.failed()
    _ = backoff.failed()
    #expect(backoff.ceiling == .seconds(8))
    backoff.succeeded()
    #expect(backoff.failed() == .seconds(2))
}

@Test func retryAfterIsALowerBoundStillCapped() {
    var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(300), unitRandom: { 0.25 })
    #expect(backoff.failed(retryAfter: .seconds(30)) == .seconds(30))
    #expect(backoff.failed(retryAfter: .seconds(0)) == .milliseconds(500))
    #expect(backoff.failed(retryAfter: .seconds(3600)) == .seconds(300))
}

@Test func neverGivesUpAndNeverOverflows() {
    var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(300), unitRandom: { 1 })
    for _ in 0..<200 { #expect(backoff.failed() <= .seconds(300)) }
    #expect(backoff.failures == 200)
    #expect(backoff.failed() == .seconds(300))
}

@Test func retryAfterTakesSecondsOrAnHTTPDate() {
    let now = Date(timeIntervalSince1970: 1_763_739_180)
    #expect(RetryAfter.parse("120", now: now) == .seconds(120))
    #expect(RetryAfter.parse("Fri, 21 Nov 2025 15:34:00 GMT", now: now) == .seconds(60))
    #expect(RetryAfter.parse("Fri, 21 Nov 2025 15:00:00 GMT", now: now) == .zero)
    #expect(RetryAfter.parse("soon", now: now) == nil)
    #expect(RetryAfter.parse("-5", now: now) == nil)
    #expect(RetryAfter.parse(nil, now: now) == nil)
}
