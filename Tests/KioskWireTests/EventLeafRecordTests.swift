import Foundation
import KioskCore
import KioskLog
import KioskWire
import Testing

/// A stored event's leaf is made from its values without writing its instants as text: the same bytes as the leaf of
/// the event as the wire carries it, whatever the instant, and the same error where no leaf can hold it.
@Suite struct EventLeafRecordTests {
    static func record(at instant: Date, direction: Direction? = .in, uid: String? = "04a1b2c3") throws -> EventRecord {
        EventRecord(
            id: EventID.make(at: Date(timeIntervalSince1970: 1_763_739_180)),
            kioskID: "gate-1",
            seq: 7,
            reader: "entrance",
            uid: try uid.map { try TagUID(parsing: $0) },
            studentID: "S017",
            kind: .tap,
            direction: direction,
            outcome: .accepted,
            reason: nil,
            occurredAt: instant,
            recordedAt: instant.addingTimeInterval(0.0004),
            monotonicNanoseconds: 123_456_789,
            bootID: "boot-1",
            clockSynchronised: false
        )
    }

    @Test(arguments: [
        1_763_739_180.125, 1_763_739_180.0005, 1_763_739_180.0004999, 1_763_739_180.9996, -0.0005, -1.2345, 0,
        -62_135_596_800, -62_135_596_800.0006, 253_402_300_799.999, 253_402_300_799.9996, 253_402_300_800,
        -30_610_224_000.5, -12_219_292_800, -12_219_292_800.0006,
    ])
    func theLeafOfARecordIsTheLeafOfItsWireEvent(seconds: Double) throws {
        let record = try Self.record(at: Date(timeIntervalSince1970: seconds))
        let direct = Result { () throws(LeafError) in try EventLeaf(record).bytes }
        let throughWire = Result { () throws(LeafError) in try EventLeaf(WireEvent(record)).bytes }
        switch (direct, throughWire) {
        case (.success(let direct), .success(let throughWire)): #expect(direct == throughWire)
        case (.failure(let direct), .failure(let throughWire)): #expect("\(direct)".contains("occurredAt") && "\(throughWire)".contains("occurredAt"))
        default: Issue.record("one way made a leaf, the other did not: \(direct) against \(throughWire)")
        }
        #expect(EventLeaf(record) == EventLeaf(WireEvent(record)))
    }

    @Test func aRecordWithoutDirectionOrCardMakesTheSameLeafEitherWay() throws {
        let record = try Self.record(at: Date(timeIntervalSince1970: 1_763_739_180.5), direction: nil, uid: nil)
        #expect(try EventLeaf(record).bytes == EventLeaf(WireEvent(record)).bytes)
    }
}
