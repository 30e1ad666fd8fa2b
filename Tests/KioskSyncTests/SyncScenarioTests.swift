import Foundation
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import Testing

@Test func aHealthyHubReceivesEveryEventOnce() async throws {
    let fixture = try await SyncFixture(events: 30)
    let stops = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.isEmpty)
    try await fixture.expectHubHoldsEverything()
}

@Test func serverErrorsAndRateLimitsAreRetried() async throws {
    let fixture = try await SyncFixture(events: 20)
    let script = FaultScript([.pass, .status(503, retryAfter: nil), .status(429, retryAfter: "7"), .status(500, retryAfter: nil)])
    let stops = try await fixture.run(script) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.count == 3)
    #expect(stops.contains(.unavailable(reason: "the hub answered HTTP 429", retryAfter: .seconds(7))))
    try await fixture.expectHubHoldsEverything()
}

@Test func aConnectionResetMidBodyIsRetried() async throws {
    let fixture = try await SyncFixture(events: 20)
    let stops = try await fixture.run(FaultScript([.resetMidBody, .pass, .resetMidBody])) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.count == 2)
    try await fixture.expectHubHoldsEverything()
}

@Test func aResponseLostAfterTheHubCommittedEndsAsDuplicates() async throws {
    let fixture = try await SyncFixture(events: 20)
    let stops = try await fixture.run(FaultScript([.loseResponse, .pass, .loseResponse])) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.count == 2)
    try await fixture.expectHubHoldsEverything()
}

/// The one test of the kiosk's request timeout, so the one with a short one: the first answer comes after twice the
/// timeout; on a loaded machine a later push may time out too, and is retried like the first.
@Test func aSlowAnswerTimesOutAndIsRetried() async throws {
    let fixture = try await SyncFixture(events: 10)
    let timeout = 3
    let stops = try await fixture.run(FaultScript([.slow(.seconds(timeout * 2))]), timeoutSeconds: timeout) { engine in
        try await SyncFixture.drain(engine)
    }
    #expect(!stops.isEmpty)
    for stop in stops {
        guard case .unavailable(let reason, nil) = stop else {
            Issue.record("a stop other than a timeout: \(stop)")
            continue
        }
        #expect(reason.hasPrefix("hub unreachable: HTTPClientError."))
    }
    try await fixture.expectHubHoldsEverything()
}

@Test func aRejectedRecordIsQuarantinedAndTheRestArrive() async throws {
    let fixture = try await SyncFixture(events: 20)
    let damaged = fixture.eventIDs[4]
    let refused = fixture.eventIDs[11]
    let script = FaultScript(damaged: [damaged], refused: [refused])
    let stops = try await fixture.run(script) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.isEmpty)
    try await fixture.expectHubHoldsEverything(except: [damaged, refused])
}

@Test func replayingAnAlreadySyncedJournalAddsNothing() async throws {
    let fixture = try await SyncFixture(events: 25)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    try fixture.forgetSyncing()
    #expect(try await fixture.journal.syncCounts().pending == 25)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    try await fixture.expectHubHoldsEverything()
}

@Test func aRejectedTokenStopsPushingAndLosesNothing() async throws {
    let fixture = try await SyncFixture(events: 5)
    let stops = try await fixture.run(FaultScript(), token: "kh_not-a-token") { engine in try await SyncFixture.drain(engine) }
    #expect(stops == [.tokenRejected(status: 401)])
    #expect(try await fixture.journal.syncCounts().pending == 5)
    #expect(try await fixture.journal.syncStatus().lastError == "token rejected (HTTP 401)")
    #expect(try await fixture.hub.eventIDs().isEmpty)
}

@Test func aBatchTooLargeForTheHubIsSplitAndEverythingArrives() async throws {
    let fixture = try await SyncFixture(events: 20)
    let script = FaultScript([.status(413, retryAfter: nil), .status(413, retryAfter: nil)])
    let stops = try await fixture.run(script) { engine in try await SyncFixture.drain(engine) }
    #expect(stops.isEmpty)
    #expect(await script.pushes == 7)
    try await fixture.expectHubHoldsEverything()
}
