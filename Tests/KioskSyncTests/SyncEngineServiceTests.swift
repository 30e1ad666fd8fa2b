import Foundation
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import Logging
import ServiceLifecycle
import Testing

/// The idle poll is an hour, so the last tap reaches the hub only because `wake()` started a pass.
@Test func theRunningServiceRetriesThroughFaultsAndAWokenTapLeavesAtOnce() async throws {
    let fixture = try await SyncFixture(events: 15)
    let script = FaultScript([.status(503, retryAfter: nil), .resetMidBody])
    try await fixture.run(script, backoff: SyncBackoff(base: .milliseconds(20), cap: .milliseconds(100)), idlePoll: .seconds(3600)) { engine in
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            try await fixture.waitUntil { try await fixture.journal.syncCounts().pending == 0 }
            let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
            let read = TagRead(uid: try TagUID(parsing: "04FFFFFF"), reader: "entrance", readerDirection: .toggle, occurredAt: Date())
            _ = try await fixture.journal.record(read, rules: rules)
            engine.wake()
            try await fixture.waitUntil { try await fixture.hub.eventIDs().count == 16 }
            group.cancelAll()
        }
    }
    #expect(try await fixture.journal.syncStatus().lastError == nil)
}
