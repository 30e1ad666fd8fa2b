import Foundation
import KioskCore
import Testing

@Suite("attendance(): unknown reads")
struct UnknownReadsTests {
    let day = Core.date("2026-11-21")
    let rules = Core.rules(debounce: 10)
    let base = Core.at("2026-11-21", "21:00")
    let tagA = Core.uid("04A1B2C3")
    let tagB = Core.uid("04A1B2C3D4E5F6")

    func unknown(_ reads: [UnknownRead], at evaluatedAt: Date? = nil) -> [UnknownTagActivity] {
        rules.attendance(
            on: day,
            evaluatedAt: evaluatedAt ?? Core.at("2026-11-21", "23:00"),
            students: [Core.student("S001")],
            taps: [],
            unknownReads: reads
        ).unknownTags
    }

    func reads(_ uid: TagUID, _ seconds: [Double]) -> [UnknownRead] {
        seconds.map { UnknownRead(uid: uid, occurredAt: base.addingTimeInterval($0)) }
    }

    @Test("the window is fixed: reads at 0 s, 6 s, 12 s with debounce 10 count 0 s and 12 s")
    func fixedWindow() throws {
        let tags = unknown(reads(tagA, [0, 6, 12]))
        let tag = try #require(tags.first)
        #expect(tags.count == 1)
        #expect(tag.uid == tagA)
        #expect(tag.reads == 2)
        #expect(tag.lastSeen == base.addingTimeInterval(12))
    }

    @Test("window edges per UID: exactly debounce apart counts, 1 ms less does not")
    func edges() {
        #expect(unknown(reads(tagA, [0, 10])).first?.reads == 2)
        #expect(unknown(reads(tagA, [0, 9.999])).first?.reads == 1)
        #expect(unknown(reads(tagA, [0, 0])).first?.reads == 1)
        #expect(unknown(reads(tagA, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).first?.reads == 2)
    }

    @Test("reads are debounced per UID, not across UIDs")
    func perUID() {
        let tags = unknown(reads(tagA, [0, 3]) + reads(tagB, [1, 2, 15]))
        #expect(tags.map(\.uid) == [tagA, tagB])
        #expect(tags.map(\.reads) == [1, 2])
        #expect(tags.map(\.lastSeen) == [base.addingTimeInterval(3), base.addingTimeInterval(15)])
    }

    @Test("lastSeen is the latest read, even an ignored one, and input order does not matter")
    func lastSeen() throws {
        let tag = try #require(unknown(reads(tagA, [12, 0, 30, 35, 6])).first)
        #expect(tag.reads == 3)  // 0, 12, 30
        #expect(tag.lastSeen == base.addingTimeInterval(35))
    }

    @Test("only reads in [start, E) are listed; reads before the start still debounce the first reads of the day")
    func dayBounds() throws {
        let start = rules.policy.start(of: day)
        let all = [
            UnknownRead(uid: tagA, occurredAt: start.addingTimeInterval(-5)),  // yesterday, counted there
            UnknownRead(uid: tagA, occurredAt: start.addingTimeInterval(2)),  // within its window: not counted
            UnknownRead(uid: tagA, occurredAt: start.addingTimeInterval(20)),
            UnknownRead(uid: tagA, occurredAt: Core.at("2026-11-21", "23:00")),  // at E: excluded
            UnknownRead(uid: tagB, occurredAt: start.addingTimeInterval(-60)),  // yesterday only: not listed
        ]
        let tags = unknown(all)
        let tag = try #require(tags.first)
        #expect(tags.count == 1)
        #expect(tag.uid == tagA)
        #expect(tag.reads == 1)
        #expect(tag.lastSeen == start.addingTimeInterval(20))
    }

    @Test("unknown tags are sorted by UID and counted in the day at E")
    func sortedAndCounted() {
        let tagC = Core.uid("00000001")
        let tags = unknown(reads(tagB, [0]) + reads(tagC, [0, 100]) + reads(tagA, [0, 50, 7_300]), at: base.addingTimeInterval(7_200))
        #expect(tags.map(\.uid) == [tagC, tagA, tagB])
        #expect(tags.map(\.reads) == [2, 2, 1])
    }

    @Test("unknown reads do not touch the students' counts")
    func noStateChange() {
        let result = rules.attendance(
            on: day,
            evaluatedAt: Core.at("2026-11-21", "23:00"),
            students: [Core.student("S001")],
            taps: [],
            unknownReads: reads(tagA, [0, 20])
        )
        #expect(result.summary.total == 1)
        #expect(result.summary.checkedIn == 1)
        #expect(result.row("S001")?.taps == 0)
    }
}
