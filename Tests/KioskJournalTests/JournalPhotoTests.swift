import Foundation
import KioskCore
import KioskTesting
import Testing

@testable import KioskJournal

/// Students' photos in the journal: set for a known student only, replaced, kept in step with the hub's roster (those
/// it no longer names removed, new or changed ones named to be fetched), gone with the student.
@Suite struct JournalPhotoTests {
    private static func photo(_ digit: Character) -> StoredPhoto {
        StoredPhoto(data: SamplePhoto.png(width: 8, height: 8), contentType: "image/png", digest: String(repeating: digit, count: 64))
    }

    @Test func aPhotoIsSetForAKnownStudentOnly() async throws {
        let fixture = try await JournalFixture().withRoster()
        try await fixture.journal.setPhoto(Self.photo("a"), of: "S001")
        try await fixture.journal.setPhoto(Self.photo("b"), of: "S001")
        #expect(try await fixture.journal.photo(of: "S001") == Self.photo("b"))
        #expect(try await fixture.journal.photo(of: "S002") == nil)
        let unknown = await #expect(throws: KioskError.self) { try await fixture.journal.setPhoto(Self.photo("a"), of: "S999") }
        #expect(unknown?.message.contains("unknown student 'S999'") == true)
    }

    @Test func theHubsRosterKeepsThePhotosInStep() async throws {
        let fixture = try await JournalFixture().withRoster()
        let roster = try await fixture.journal.roster()
        try await fixture.journal.setPhoto(Self.photo("a"), of: "S001")
        try await fixture.journal.setPhoto(Self.photo("b"), of: "S002")
        // S001's is the hub's already; S002's the hub no longer has; S003's is new; S404 is on no roster here.
        let digests = ["S001": Self.photo("a").digest, "S003": Self.photo("c").digest, "S404": Self.photo("d").digest]
        let missing = try await fixture.journal.applyHubRoster(roster, passes: [], photos: digests, propertyName: "Sunrise PG", etag: "\"1\"")
        #expect(missing == ["S003"])
        #expect(try await fixture.journal.photo(of: "S001") == Self.photo("a"))
        #expect(try await fixture.journal.photo(of: "S002") == nil)
        #expect(try await fixture.journal.propertyName() == "Sunrise PG")
        // A student the hub's roster drops takes their photo along.
        try await fixture.journal.applyHubRoster(roster.filter { $0.student.id != "S001" }, passes: [], photos: digests, etag: "\"2\"")
        #expect(try await fixture.journal.photo(of: "S001") == nil)
        try await fixture.journal.forgetRosterETag()
        #expect(try await fixture.journal.pullState().rosterETag == nil)
    }
}
