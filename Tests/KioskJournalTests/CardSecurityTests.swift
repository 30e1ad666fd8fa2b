import Foundation
import GRDB
import KioskCore
import KioskStore
import KioskTesting
import Testing

@testable import KioskJournal

/// The check-in decision for cards that cannot be cloned (CONTRACT.md "Cards that cannot be cloned"), against a real
/// journal: a verified SUN secures its tag, and from then on the tag must prove itself with a higher counter.
@Suite struct CardSecurityTests {
    func read(
        _ uid: String,
        at time: String,
        _ proof: CardProof,
        requireSun: Bool = false,
        _ fixture: JournalFixture
    ) async throws
        -> RecordedTap
    {
        try await fixture.journal.record(
            TagRead(uid: try TagUID(parsing: uid), reader: "gate", readerDirection: .toggle, occurredAt: try Timestamp.parse(time), proof: proof),
            rules: fixture.rules,
            requireSun: requireSun
        )
    }

    /// The stored event's outcome, reason, SUN counter and direction, as columns.
    struct StoredRead: Sendable {
        let values: [String: String]
        subscript(_ column: String) -> String? { values[column] }
    }

    func stored(_ tap: RecordedTap, _ fixture: JournalFixture) async throws -> StoredRead {
        let values = try await fixture.journal.database.read { db in
            let row = try Row.fetchOne(
                db,
                sql: "SELECT outcome, reason, CAST(sun_counter AS TEXT) AS sun_counter, direction FROM event WHERE id = ?",
                arguments: [tap.eventID.rawValue]
            )
            var values: [String: String] = [:]
            for column in ["outcome", "reason", "sun_counter", "direction"] { values[column] = row?[column] }
            return values
        }
        return StoredRead(values: values)
    }

    @Test func aVerifiedReadSecuresTheTagAndEveryLaterReadMustProveItself() async throws {
        let fixture = try await JournalFixture().withRoster()
        let plain = try await read("04A1B2C3", at: "2026-11-21T08:00:00+05:30", .noSun, fixture)
        #expect(plain.outcome == .out)
        #expect(try await stored(plain, fixture)["sun_counter"] == nil)

        let first = try await read("04A1B2C3", at: "2026-11-21T09:00:00+05:30", .sun(counter: 7), fixture)
        #expect(first.outcome == .in)
        #expect(try await stored(first, fixture)["sun_counter"] == "7")

        let clone = try await read("04A1B2C3", at: "2026-11-21T10:00:00+05:30", .noSun, fixture)
        #expect(clone.outcome == .refused && clone.refusal == .notVerified)
        let row = try await stored(clone, fixture)
        #expect(row["outcome"] == "refused" && row["reason"] == "not_verified")
        #expect(row["sun_counter"] == nil && row["direction"] == nil)

        let replay = try await read("04A1B2C3", at: "2026-11-21T10:01:00+05:30", .sun(counter: 7), fixture)
        #expect(replay.refusal == .replayed)
        let forged = try await read("04A1B2C3", at: "2026-11-21T10:02:00+05:30", .forged, fixture)
        #expect(forged.refusal == .forged)

        let next = try await read("04A1B2C3", at: "2026-11-21T11:00:00+05:30", .sun(counter: 8), fixture)
        #expect(next.outcome == .out, "refused reads change no state: the last accepted tap was the IN at 09:00")
        #expect(try await stored(next, fixture)["sun_counter"] == "8")

        // The student's other, unsecured card goes on by its UID alone.
        #expect(try await read("04A1B2C3D4E5F6", at: "2026-11-21T12:00:00+05:30", .noSun, fixture).outcome == .in)
    }

    @Test func aGateWithoutKeysKnowsCardsByTheirUIDAlone() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await read("04A1B2C3", at: "2026-11-21T09:00:00+05:30", .sun(counter: 3), fixture)
        #expect(try await read("04A1B2C3", at: "2026-11-21T10:00:00+05:30", .uidOnly, fixture).outcome == .in)
    }

    @Test func requireSunRefusesEveryCardWithoutOne() async throws {
        let fixture = try await JournalFixture().withRoster()
        let plain = try await read("11223344", at: "2026-11-21T09:00:00+05:30", .noSun, requireSun: true, fixture)
        #expect(plain.outcome == .refused && plain.refusal == .notVerified && plain.student?.id == "S002")
        let unknown = try await read("DEADBEEF", at: "2026-11-21T09:01:00+05:30", .noSun, requireSun: true, fixture)
        #expect(unknown.outcome == .refused && unknown.student == nil)
        #expect(try await read("11223344", at: "2026-11-21T09:02:00+05:30", .sun(counter: 1), requireSun: true, fixture).outcome == .out)
    }

    @Test func aTagOfNoStudentIsNotSecuredByItsReads() async throws {
        let fixture = try await JournalFixture().withRoster()
        let unknown = try await read("DEADBEEF", at: "2026-11-21T09:00:00+05:30", .sun(counter: 4), fixture)
        #expect(unknown.outcome == .unknown)
        #expect(try await stored(unknown, fixture)["sun_counter"] == nil)
        #expect(try await read("DEADBEEF", at: "2026-11-21T09:01:00+05:30", .noSun, fixture).outcome == .unknown)
    }

    @Test func aTagSecuredAtAnotherGateIsSecuredHereOnceItsEventIsPulled() async throws {
        let fixture = try await JournalFixture().withRoster()
        var other = NumberedRoster.tapEvent(
            kioskID: "gate-2",
            seq: 1,
            student: 1,
            direction: .in,
            at: try Timestamp.parse("2026-11-21T09:00:00+05:30")
        )
        other.uid = try TagUID(parsing: "04A1B2C3")
        other.studentID = "S001"
        other.sunCounter = 20
        #expect(try await fixture.journal.insertPulled([other], cursor: 1, at: Date()) == 1)

        let clone = try await read("04A1B2C3", at: "2026-11-21T10:00:00+05:30", .noSun, fixture)
        #expect(clone.refusal == .notVerified)
        let older = try await read("04A1B2C3", at: "2026-11-21T10:01:00+05:30", .sun(counter: 19), fixture)
        #expect(older.refusal == .replayed)
        #expect(try await read("04A1B2C3", at: "2026-11-21T10:02:00+05:30", .sun(counter: 21), fixture).outcome == .out)
    }
}
