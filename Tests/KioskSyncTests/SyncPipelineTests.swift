import Foundation
import GRDB
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import KioskWire
import Synchronization
import Testing

/// The pipelined pass: the next batch is read while one is at the hub, yet events are marked synced only once
/// acknowledged, in order, and a failure mid-pipeline loses nothing.
@Suite struct SyncPipelineTests {
    @Test func batchesArriveAndAreSettledInOrder() async throws {
        let fixture = try await SyncFixture(events: 40)
        let settled = SettledCounts()
        let report = try await fixture.run(FaultScript()) { engine in
            try await engine.pushPending { settled.append($0) }
        }
        #expect(report.outcome == .drained(quarantined: 0))
        #expect(settled.values == [7, 14, 21, 28, 35, 40])
        let page = try await fixture.hub.events(after: 0, limit: 1000, excludingKiosk: "another-gate")
        #expect(page.events.map(\.seq) == Array(1...40))
        #expect(try fixture.syncedIDs() == fixture.eventIDs)
        try await fixture.expectHubHoldsEverything()
    }

    @Test func aFailureMidPipelineMarksOnlyAcknowledgedBatchesAndLosesNothing() async throws {
        let fixture = try await SyncFixture(events: 30)
        let script = FaultScript([.pass, .pass, .status(503, retryAfter: nil)])
        let first = try await fixture.run(script) { engine in try await engine.pushPending() }
        #expect(first.outcome == .unavailable(reason: "the hub answered HTTP 503", retryAfter: nil))
        #expect(first.acknowledged == 14)
        #expect(try fixture.syncedIDs() == Array(fixture.eventIDs.prefix(14)))
        #expect(try await fixture.journal.syncCounts().pending == 16)
        let stops = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
        #expect(stops.isEmpty)
        try await fixture.expectHubHoldsEverything()
    }

    @Test func aLostAnswerMidPipelineLeavesItsBatchPendingUntilAcknowledged() async throws {
        let fixture = try await SyncFixture(events: 30)
        let script = FaultScript([.pass, .loseResponse])
        let first = try await fixture.run(script) { engine in try await engine.pushPending() }
        #expect(first.acknowledged == 7, "the pass ended: \(first.outcome)")
        let synced = try fixture.syncedIDs()
        #expect(synced == Array(fixture.eventIDs.prefix(7)))
        #expect(Set(synced).isSubset(of: Set(try await fixture.hub.eventIDs())))
        let stops = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
        #expect(stops.isEmpty)
        try await fixture.expectHubHoldsEverything()
    }
}

/// The running totals a pass reports, in the order it reported them.
private final class SettledCounts: Sendable {
    private let recorded = Mutex<[Int]>([])

    func append(_ value: Int) { recorded.withLock { $0.append(value) } }
    var values: [Int] { recorded.withLock { $0 } }
}

extension SyncFixture {
    /// The ids of the kiosk's events marked synced, by `seq`.
    fileprivate func syncedIDs() throws -> [String] {
        let queue = try DatabaseQueue(path: directory + "/kiosk/journal.sqlite")
        return try queue.read { try String.fetchAll($0, sql: "SELECT id FROM event WHERE sync_state = 'synced' ORDER BY seq") }
    }
}
