import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskJournal
import KioskSync
import KioskTesting
import Testing

/// Photos reach a gate with the roster, through the real hub on loopback: fetched once, replaced when the hub's
/// changes, removed when the hub's is gone with its student; and the property's name comes along.
@Test func photosComeWithTheRosterAndFollowTheHub() async throws {
    let fixture = try await SyncFixture(events: 0)
    let roster = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,04A1B2C4\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(roster, file: "r.csv"), file: "r.csv", replace: true)
    let first = try await fixture.hub.setStudentPhoto("S001", data: SamplePhoto.png(width: 320, height: 240), source: "asha.png", now: Date())
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.photo(of: "S001") == first)
    #expect(try await fixture.journal.photo(of: "S002") == nil)
    #expect(try await fixture.journal.propertyName() == (try await fixture.hub.property("default").name))

    let second = try await fixture.hub.setStudentPhoto("S001", data: SamplePhoto.jpeg(width: 300, height: 400), source: "asha.jpg", now: Date())
    let ravi = try await fixture.hub.setStudentPhoto("S002", data: SamplePhoto.png(width: 64, height: 64), source: "ravi.png", now: Date())
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.photo(of: "S001") == second)
    #expect(try await fixture.journal.photo(of: "S002") == ravi)

    _ = try await fixture.hub.eraseStudent("S002", property: "default", now: Date())
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.photo(of: "S002") == nil)
    #expect(try await fixture.journal.photo(of: "S001") == second)
}
