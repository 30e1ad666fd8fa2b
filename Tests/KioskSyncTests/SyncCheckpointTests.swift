import KioskCore
import KioskGateLog
import KioskJournal
import KioskLog
import KioskSync
import KioskTesting
import Testing

/// A pass that sent events ends with a checkpoint of the gate's whole log, signed by its key and kept in the journal
/// with the hub's cosignature; a pass that sent nothing signs none.
@Test func aPassThatSentEventsSignsACheckpointOfTheWholeLog() async throws {
    let fixture = try await SyncFixture(events: 30)
    let key = try NoteSigner(generatingKeyNamed: "kiosk/gate-1")
    let stops = try await fixture.run(FaultScript([.pass, .status(503, retryAfter: nil)]), logKey: key) { engine in
        try await SyncFixture.drain(engine)
    }
    #expect(stops.count == 1)
    try await fixture.expectHubHoldsEverything()
    let kept = try await fixture.journal.keptCheckpoints()
    #expect(kept.map(\.size) == [30, 30] && Set(kept.map(\.kind)) == [.signed, .cosigned], "\(kept)")
    let signed = try SignedCheckpoint(parsing: try #require(kept.first { $0.kind == .signed }).note)
    try signed.verify(kioskKey: key.verifier, witnessKeys: [])
    #expect(signed.checkpoint.rootHash == (try await fixture.journal.logRoot(size: 30)))
    #expect(try await GateLogVerification.verify(fixture.journal).problems == [])
    // Nothing pending: a pass sends nothing and signs nothing new.
    try await fixture.journal.keepCheckpoint(KeptCheckpoint(kind: .signed, size: 1, note: "placeholder", vkey: key.verifier.vkey))
    _ = try await fixture.run(FaultScript(), logKey: key) { engine in try await engine.pushPending() }
    #expect(try await fixture.journal.keptCheckpoints().filter { $0.kind == .signed }.map(\.note) == ["placeholder"])
}

/// A pass the hub stops half-way signs its log only up to the first event still pending: the hub holds all the
/// checkpoint covers, so it cosigns it instead of refusing a log it cannot see yet.
@Test func aPassStoppedHalfWaySignsOnlyWhatTheHubHolds() async throws {
    let fixture = try await SyncFixture(events: 30)
    let key = try NoteSigner(generatingKeyNamed: "kiosk/gate-1")
    let report = try await fixture.run(FaultScript([.pass, .status(503, retryAfter: nil)]), logKey: key) { engine in
        try await engine.pushPending()
    }
    #expect(report.acknowledged == 7)
    let witness = try await fixture.journal.logWitness()
    #expect(witness.signedSize == 7 && witness.witnessedSize == 7 && witness.refusal == nil, "\(witness)")
    #expect(witness.firstPendingSeq == 8)
}

/// A pass that finds nothing to send still posts a checkpoint when the hub has not witnessed all that was sent (a
/// pass ended before the hub's answer was kept), and then none again.
@Test func aPassWithNothingToSendHasTheSentLogWitnessed() async throws {
    let fixture = try await SyncFixture(events: 30)
    let key = try NoteSigner(generatingKeyNamed: "kiosk/gate-1")
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.logWitness().witnessedSize == 0)
    let report = try await fixture.run(FaultScript(), logKey: key) { engine in try await engine.pushPending() }
    #expect(report.acknowledged == 0)
    let witness = try await fixture.journal.logWitness()
    #expect(witness.signedSize == 30 && witness.witnessedSize == 30 && witness.refusal == nil, "\(witness)")
    #expect(try await GateLogVerification.verify(fixture.journal).problems == [])
}
