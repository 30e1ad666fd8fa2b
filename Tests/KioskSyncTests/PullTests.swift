import Foundation
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import KioskWire
import Testing

/// S001's accepted tap at gate-2, its first event, at 2025-11-21 10:00 UTC.
private func gate2Tap(reader: String, uid: String, direction: WireDirection, sunCounter: Int64? = nil) -> WireEvent {
    WireEvent(
        id: UUID().uuidString.lowercased(),
        kioskId: "gate-2",
        seq: 1,
        reader: reader,
        uid: uid,
        studentId: "S001",
        kind: .tap,
        direction: direction,
        outcome: .accepted,
        reason: nil,
        occurredAt: "2025-11-21T10:00:00.000Z",
        recordedAt: "2025-11-21T10:00:00.000Z",
        monotonicNs: 1,
        bootId: "boot-2",
        clockSynced: true,
        sunCounter: sunCounter
    )
}

@Test func theHubsRosterReplacesTheKiosksAndIsPulledAgainOnlyWhenItChanges() async throws {
    let fixture = try await SyncFixture(events: 0)
    let first = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,04A1B2C4\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(first, file: "r.csv"), file: "r.csv", replace: true)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.roster().map(\.student.id) == ["S001", "S002"])
    let etag = try await fixture.journal.pullState().rosterETag
    #expect(etag == (try await fixture.hub.roster().etag))
    let second = "student_id,name,room,tag_uid\nS002,Ravi,102,04A1B2C4\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(second, file: "r.csv"), file: "r.csv", replace: true)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.roster().map(\.student.id) == ["S002"])
    #expect(try await fixture.journal.pullState().rosterETag != etag)
}

@Test func aStudentWhoLeftByAnotherGateIsJudgedInAtThisOne() async throws {
    let fixture = try await SyncFixture(events: 0)
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(csv, file: "r.csv"), file: "r.csv", replace: true)
    let outAtGate2 = gate2Tap(reader: "exit", uid: "04A1B2C3", direction: .out)
    #expect(try await fixture.hub.store([outAtGate2]).map(\.status) == [.accepted])
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
    let read = TagRead(
        uid: try TagUID(parsing: "04A1B2C3"),
        reader: "entrance",
        readerDirection: .toggle,
        occurredAt: Date(timeIntervalSince1970: 1_763_722_800)
    )
    #expect(try await fixture.journal.record(read, rules: rules).outcome == .in)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.hub.eventIDs().count == 2)
    #expect(try await fixture.journal.syncCounts().pending == 0)
}

/// CONTRACT.md "Cards that cannot be cloned": the secured mark travels with the events. A tag secured at gate-2 is
/// secured here once its event was pulled, and this gate's own verified read reaches the hub with its counter.
@Test func aTagSecuredAtAnotherGateRefusesItsCloneHereAfterOneSync() async throws {
    let fixture = try await SyncFixture(events: 0)
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04DE5F1EACC040\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(csv, file: "r.csv"), file: "r.csv", replace: true)
    let securedAtGate2 = gate2Tap(reader: "entrance", uid: "04DE5F1EACC040", direction: .in, sunCounter: 61)
    #expect(try await fixture.hub.store([securedAtGate2]).map(\.status) == [.accepted])
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }

    let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
    func read(_ proof: CardProof, minute: Int) async throws -> RecordedTap {
        let read = TagRead(
            uid: try TagUID(parsing: "04DE5F1EACC040"),
            reader: "entrance",
            readerDirection: .toggle,
            occurredAt: Date(timeIntervalSince1970: 1_763_722_800 + Double(minute) * 60),
            proof: proof
        )
        return try await fixture.journal.record(read, rules: rules)
    }
    #expect(try await read(.noSun, minute: 1).refusal == .notVerified, "a UID-only clone of the secured tag")
    #expect(try await read(.sun(counter: 61), minute: 2).refusal == .replayed, "gate-2's SUN shown again")
    let genuine = try await read(.sun(counter: 62), minute: 3)
    #expect(genuine.outcome == .out)

    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    let atHub = try await fixture.hub.events(after: 0, limit: 10, excludingKiosk: "gate-2").events
    #expect(atHub.map(\.outcome) == [.refused, .refused, .accepted])
    #expect(atHub.map(\.reason) == ["not_verified", "replayed", nil])
    #expect(atHub.map(\.sunCounter) == [nil, nil, 62])
}

/// A kiosk pushing in the largest batches the hub takes pulls other gates' events in pages the hub allows.
@Test func aKioskPushingTheLargestBatchesPullsInPagesTheHubAllows() async throws {
    let fixture = try await SyncFixture(events: 30)
    #expect(try await fixture.hub.store([gate2Tap(reader: "exit", uid: "04A1B2C3", direction: .out)]).map(\.status) == [.accepted])
    let stops = try await fixture.run(FaultScript(), batchSize: SyncConfiguration.largestBatchSize) { engine in
        try await SyncFixture.drain(engine)
    }
    #expect(stops.isEmpty, "\(stops)")
    #expect(try await fixture.hub.eventIDs().count == 31)
    #expect(try await fixture.journal.syncCounts().pending == 0)
    #expect(try await fixture.journal.pullState().cursor > 0)
}
