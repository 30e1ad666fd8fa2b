import Foundation
import KioskCore
import KioskJournal
import Testing

@Suite struct JournalSyncQueueTests {
    @Test func pendingEventsPageOldestFirstAndLeaveSettledOnesOut() async throws {
        let fixture = try await JournalFixture().withRoster()
        let first = try await fixture.tap("04A1B2C3", at: "2026-11-21T08:00:00+05:30")
        let second = try await fixture.tap("DEADBEEF", at: "2026-11-21T08:01:00+05:30")
        let third = try await fixture.tap("11223344", at: "2026-11-21T08:02:00+05:30")
        let page = try await fixture.journal.pendingEvents(afterSeq: 0, limit: 2)
        #expect(page.map(\.id) == [first.eventID, second.eventID])
        #expect(page[0].direction == .out && page[0].outcome == .accepted && page[0].studentID == "S001")
        #expect(page[1].kind == .unknown && page[1].uid?.hex == "DEADBEEF" && page[1].direction == nil)
        #expect(page.allSatisfy { $0.kioskID == "gate-1" && !$0.bootID.isEmpty && $0.monotonicNanoseconds > 0 })
        #expect(try await fixture.journal.pendingEvents(afterSeq: page[1].seq, limit: 2).map(\.id) == [third.eventID])
        try await fixture.journal.markSynced(seqs: [page[0].seq], at: Date())
        try await fixture.journal.quarantine(second.eventID, reason: "field 'uid': bad")
        #expect(try await fixture.journal.pendingEvents(afterSeq: 0, limit: 10).map(\.id) == [third.eventID])
        let counts = try await fixture.journal.syncCounts()
        #expect(counts.pending == 1 && counts.quarantined == 1)
    }

    @Test func acknowledgedSeqsAreSyncedRunByRunAndTheOthersStayPending() async throws {
        let fixture = try await JournalFixture().withRoster()
        for minute in 0..<6 { _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T08:0\(minute):00+05:30") }
        let pending = try await fixture.journal.pendingEvents(afterSeq: 0, limit: 10)
        #expect(pending.map(\.seq) == [1, 2, 3, 4, 5, 6])
        try await fixture.journal.quarantine(pending[4].id, reason: "field 'uid': bad")
        try await fixture.journal.markSynced(seqs: [6, 1, 2, 2, 4, 5], at: Date())
        #expect(try await fixture.journal.pendingEvents(afterSeq: 0, limit: 10).map(\.seq) == [3])
        let counts = try await fixture.journal.syncCounts()
        #expect(counts.pending == 1 && counts.quarantined == 1)
    }

    @Test func pulledEventsOfAnotherGateAreSyncedAndDecideTheToggle() async throws {
        let fixture = try await JournalFixture().withRoster()
        let instant = try #require(ISO8601Instant.parse("2026-11-21T02:30:00.000Z"))
        let out = EventRecord(
            id: EventID.make(at: instant),
            kioskID: "gate-2",
            seq: 1,
            reader: "exit",
            uid: try TagUID(parsing: "04A1B2C3"),
            studentID: "S001",
            kind: .tap,
            direction: .out,
            outcome: .accepted,
            reason: nil,
            occurredAt: instant,
            recordedAt: instant,
            monotonicNanoseconds: 1,
            bootID: "boot-2",
            clockSynchronised: true
        )
        var own = out
        own.id = EventID.make(at: instant)
        own.kioskID = "gate-1"
        #expect(try await fixture.journal.insertPulled([out, own], cursor: 7, at: Date()) == 1)
        #expect(try await fixture.journal.insertPulled([out], cursor: 7, at: Date()) == 0)
        #expect(try await fixture.journal.pullState().cursor == 7)
        #expect(try await fixture.journal.syncCounts().pending == 0)
        #expect(try await fixture.tap("04A1B2C3", at: "2026-11-21T09:00:00+05:30").outcome == .in)
    }

    @Test func theHubsRosterReplacesTheLocalOne() async throws {
        let fixture = try await JournalFixture().withRoster()
        let roster = [RosterEntry(student: Student(id: "S009", name: "New", room: "9"), tags: [try TagUID(parsing: "0A0B0C0D")])]
        try await fixture.journal.applyHubRoster(roster, passes: [], etag: "\"v1\"")
        #expect(try await fixture.journal.roster().map(\.student.id) == ["S009"])
        #expect(try await fixture.journal.pullState().rosterETag == "\"v1\"")
    }
}
