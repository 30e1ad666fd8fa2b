import Foundation
import KioskCore
import KioskLog
import KioskWire
import Testing

/// Events over several pages: the tree is every leaf in seq order, and a gap or an event no leaf can encode ends it
/// where it falls, whichever page holds it.
@Suite struct EventLogRecomputationTests {
    /// `count` tap events of seq 1 on, one a second.
    static func events(_ count: Int) throws -> [EventRecord] {
        let start = Date(timeIntervalSince1970: 1_763_739_180.125)
        let uid = try TagUID(parsing: "04A1B2C3")
        return (1...Int64(count)).map { seq in
            let instant = start.addingTimeInterval(Double(seq))
            return EventRecord(
                id: EventID.make(at: instant),
                kioskID: "gate-1",
                seq: seq,
                reader: "entrance",
                uid: uid,
                studentID: "S\(seq % 500)",
                kind: .tap,
                direction: seq % 2 == 0 ? .out : .in,
                outcome: .accepted,
                reason: nil,
                occurredAt: instant,
                recordedAt: instant,
                monotonicNanoseconds: seq,
                bootID: "boot-1",
                clockSynchronised: true
            )
        }
    }

    /// The tree of `events` as the recomputation reads them, a page at a time from a seq on.
    static func recomputed(_ events: [EventRecord], removed: [RemovedLeaf] = []) async throws -> (tree: InMemoryMerkleTree, problem: String?) {
        let source = EventLogSource(
            events: { (seq, limit) throws(KioskError) in Array(events.drop { $0.seq < seq }.prefix(limit)) },
            removedLeaves: { (seq, through, limit) throws(KioskError) in
                Array(removed.drop { $0.seq < seq }.prefix { $0.seq <= through ?? .max }.prefix(limit))
            }
        )
        let (tree, gone, problem) = try await EventLogRecomputation.tree(of: "the test", from: source)
        #expect(gone == Int64(removed.count) || problem != nil)
        return (tree, problem)
    }

    @Test func everyPageEntersTheTreeInSeqOrder() async throws {
        let events = try Self.events(EventLogRecomputation.pageSize * 2 + 345)
        let (tree, problem) = try await Self.recomputed(events)
        #expect(problem == nil)
        let expected = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        #expect(tree.size == Int64(events.count))
        #expect(try MerkleTree.root(size: tree.size, from: tree) == MerkleTree.root(size: expected.size, from: expected))
    }

    /// Retention removed the first 15,000 events and one in the middle of the rest: their kept leaf hashes take their
    /// places, over pages that hold only removed leaves, only events, and both.
    @Test func removedLeavesKeepTheirPlaces() async throws {
        let events = try Self.events(EventLogRecomputation.pageSize * 2 + 345)
        let gone = Set<Int64>(Array(1...15_000) + [17_777])
        let removed = try events.filter { gone.contains($0.seq) }.map { RemovedLeaf(seq: $0.seq, leafHash: try EventLeaf($0).leafHash) }
        let (tree, problem) = try await Self.recomputed(events.filter { !gone.contains($0.seq) }, removed: removed)
        #expect(problem == nil)
        let expected = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        #expect(tree.size == Int64(events.count))
        #expect(try MerkleTree.root(size: tree.size, from: tree) == MerkleTree.root(size: expected.size, from: expected))
    }

    @Test func aGapOnALaterPageEndsTheTreeBeforeIt() async throws {
        let events = try Self.events(EventLogRecomputation.pageSize * 2 + 345).filter { $0.seq != 12_345 }
        let (tree, problem) = try await Self.recomputed(events)
        #expect(tree.size == 12_344)
        #expect(problem == "seq 12345: missing from the test (the next event is seq 12346)")
    }

    @Test func anEventNoLeafEncodesEndsTheTreeBeforeIt() async throws {
        var events = try Self.events(EventLogRecomputation.pageSize + 10)
        events[10_004].reader = "entrance\n"
        let (tree, problem) = try await Self.recomputed(events)
        #expect(tree.size == 10_004)
        #expect(problem?.hasPrefix("seq 10005: the event cannot enter the signed log:") == true, "\(problem ?? "")")
    }
}
