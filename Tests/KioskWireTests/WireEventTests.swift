import Foundation
import KioskCore
import KioskWire
import Testing

/// A valid tap event to vary.
func sampleEvent(seq: Int64 = 1, kiosk: String = "gate-1") -> WireEvent {
    WireEvent(
        id: "0192f5a0-0000-7000-8000-00000000000\(seq % 10)",
        kioskId: kiosk,
        seq: seq,
        reader: "entrance",
        uid: "04A1B2C3",
        studentId: "S001",
        kind: .tap,
        direction: .in,
        outcome: .accepted,
        reason: nil,
        occurredAt: "2026-11-21T15:33:00.125Z",
        recordedAt: "2026-11-21T15:33:00.130Z",
        monotonicNs: 12_345,
        bootId: "boot-1",
        clockSynced: true
    )
}

@Test func batchRoundTripsThroughJSONWithTheContractKeys() throws {
    let batch = EventBatch(kioskId: "gate-1", events: [sampleEvent()])
    let data = try JSONEncoder().encode(batch)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let event = try #require((object["events"] as? [[String: Any]])?.first)
    #expect(object["kioskId"] as? String == "gate-1")
    #expect(Set(event.keys).isSuperset(of: ["id", "kioskId", "seq", "reader", "uid", "studentId", "kind", "direction", "outcome"]))
    #expect(event["occurredAt"] as? String == "2026-11-21T15:33:00.125Z")
    #expect(try JSONDecoder().decode(EventBatch.self, from: data) == batch)
}

@Test func aValidEventHasNoProblem() {
    #expect(sampleEvent().problem() == nil)
}

@Test(
    arguments: [
        ("id", { @Sendable (event: inout WireEvent) in event.id = "not-a-uuid" }),
        ("kioskId", { @Sendable (event: inout WireEvent) in event.kioskId = "gate 1" }),
        ("seq", { @Sendable (event: inout WireEvent) in event.seq = 0 }),
        ("reader", { @Sendable (event: inout WireEvent) in event.reader = "" }),
        ("uid", { @Sendable (event: inout WireEvent) in event.uid = "04a1b2c3" }),
        ("uid", { @Sendable (event: inout WireEvent) in event.uid = nil }),
        ("studentId", { @Sendable (event: inout WireEvent) in event.studentId = nil }),
        ("direction", { @Sendable (event: inout WireEvent) in event.direction = nil }),
        ("outcome", { @Sendable (event: inout WireEvent) in event.outcome = .unknown }),
        ("occurredAt", { @Sendable (event: inout WireEvent) in event.occurredAt = "2026-11-21T15:33:00" }),
        ("recordedAt", { @Sendable (event: inout WireEvent) in event.recordedAt = "yesterday" }),
        ("monotonicNs", { @Sendable (event: inout WireEvent) in event.monotonicNs = -1 }),
        ("bootId", { @Sendable (event: inout WireEvent) in event.bootId = "" }),
        ("reader", { @Sendable (event: inout WireEvent) in event.reader = "a\u{0}b" }),
        ("studentId", { @Sendable (event: inout WireEvent) in event.studentId = "S\u{1B}[2J" }),
        ("sunCounter", { @Sendable (event: inout WireEvent) in event.sunCounter = -1 }),
        ("sunCounter", { @Sendable (event: inout WireEvent) in event.sunCounter = 0x100_0000 }),
    ] as [(String, @Sendable (inout WireEvent) -> Void)]
)
func eachBadFieldIsNamed(field: String, spoil: @Sendable (inout WireEvent) -> Void) {
    var event = sampleEvent()
    spoil(&event)
    #expect(event.problem()?.field == field)
}

@Test func unknownAndManualEventsFollowTheirOwnShape() {
    var unknown = sampleEvent()
    unknown.kind = .unknown
    unknown.outcome = .unknown
    unknown.direction = nil
    unknown.studentId = nil
    #expect(unknown.problem() == nil)
    var manual = sampleEvent()
    manual.kind = .manual
    manual.uid = nil
    manual.reason = "forgot card"
    #expect(manual.problem() == nil)
    manual.outcome = .ignored
    manual.direction = nil
    #expect(manual.problem()?.field == "outcome")
}

/// A refused read (CONTRACT.md "Cards that cannot be cloned") names its reason and has no direction; only an accepted
/// or ignored tap carries a SUN counter.
@Test func refusedReadsAndSunCountersFollowTheirOwnShape() {
    var secured = sampleEvent()
    secured.sunCounter = 61
    #expect(secured.problem() == nil)
    var refused = sampleEvent()
    refused.outcome = .refused
    refused.direction = nil
    refused.reason = "replayed"
    #expect(refused.problem() == nil)
    refused.kind = .unknown
    refused.studentId = nil
    #expect(refused.problem() == nil, "a refused read of a card on no roster")
    refused.reason = "lost"
    #expect(refused.problem()?.field == "reason")
    refused.reason = nil
    #expect(refused.problem()?.field == "reason")
    refused.reason = "forged"
    refused.sunCounter = 62
    #expect(refused.problem()?.field == "sunCounter")
    refused.sunCounter = nil
    refused.direction = .in
    #expect(refused.problem()?.field == "direction")
}

@Test func wireTimeKeepsMillisecondsAndAcceptsOffsets() throws {
    let instant = Date(timeIntervalSince1970: 1_763_739_180.125)
    #expect(WireTime.format(instant) == "2025-11-21T15:33:00.125Z")
    #expect(WireTime.parse(WireTime.format(instant)) == instant)
    #expect(WireTime.parse("2025-11-21T21:03:00+05:30") == Date(timeIntervalSince1970: 1_763_739_180))
    #expect(WireTime.parse("2025-11-21 21:03") == nil)
}

/// A record survives the trip to the hub and back unchanged (at the stores' millisecond precision).
@Test func aRecordRoundTripsThroughTheWire() throws {
    let instant = Date(timeIntervalSince1970: 1_763_739_180.125)
    let record = EventRecord(
        id: EventID.make(at: instant),
        kioskID: "gate-1",
        seq: 3,
        reader: "entrance",
        uid: try TagUID(parsing: "04A1B2C3"),
        studentID: "S001",
        kind: .tap,
        direction: .out,
        outcome: .accepted,
        reason: nil,
        occurredAt: instant,
        recordedAt: instant.addingTimeInterval(0.005),
        monotonicNanoseconds: 42,
        bootID: "boot-1",
        clockSynchronised: false,
        sunCounter: 61
    )
    let back = try WireEvent(record).record().get()
    #expect(WireEvent(back) == WireEvent(record))
    #expect(back.id == record.id && back.uid == record.uid && back.direction == .out && !back.clockSynchronised && back.sunCounter == 61)
    #expect(abs(back.occurredAt.timeIntervalSince(record.occurredAt)) < 0.001)
    var spoiled = WireEvent(record)
    spoiled.direction = nil
    #expect(throws: WireProblem.self) { try spoiled.record().get() }
}
