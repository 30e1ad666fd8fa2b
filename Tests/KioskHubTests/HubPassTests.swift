import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import KioskHub
import KioskWire
import NIOCore
import Testing

@testable import KioskHubStorage

/// Leave passes on the hub, on whichever database the run names: kept per property, sent with the roster (a new
/// ETag each change) and counted by the reports computed after they were made.
@Suite struct HubPassTests {
    static let roster = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,04A1B2C4\n"

    /// S001 on leave from 20 to 23 November 2026, whatever the hub's time zone.
    static func long(_ student: String = "S001") throws -> LeavePassRequest {
        try LeavePassRequest(
            studentID: student,
            from: try Timestamp.parse("2026-11-20T00:00:00Z"),
            until: try Timestamp.parse("2026-11-23T00:00:00Z"),
            reason: "home"
        )
    }

    func hubWithRoster() async throws -> HubFixture {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(try RosterCSV.parse(Self.roster, file: "r.csv"), file: "r.csv", replace: false)
        return hub
    }

    @Test func passesAreKeptPerPropertyListedByDayAndCancelled() async throws {
        let hub = try await hubWithRoster()
        let store = hub.store
        try await store.createProperty(HubProperty(id: "north", name: "North", policy: AttendancePolicy(timeZone: .gmt)))
        _ = try await store.importRoster(try RosterCSV.parse(Self.roster, file: "r.csv"), file: "r.csv", replace: false, property: "north")
        let pass = try await store.createPass(try Self.long())
        let north = try await store.property("north")
        let theirs = try await store.createPass(try Self.long("S002"), property: "north")
        #expect(try await store.passes(of: store.defaultProperty) == [pass])
        #expect(try await store.passes(of: north) == [theirs])
        #expect(try await store.passes(of: north, on: AttendanceDate(parsing: "2026-11-22")) == [theirs])
        #expect(try await store.passes(of: north, on: AttendanceDate(parsing: "2026-11-24")) == [])
        #expect(try await store.passes(of: north, on: AttendanceDate(parsing: "2026-11-19")) == [theirs], "until 04:00 on the 20th")
        #expect(try await store.passes(of: north, on: AttendanceDate(parsing: "2026-11-18")) == [])

        let elsewhere = await #expect(throws: KioskError.self) { try await store.cancelPass(id: pass.id, property: "north") }
        #expect(elsewhere?.category == .dataError && elsewhere?.message.contains(pass.id) == true)
        try await store.cancelPass(id: pass.id)
        #expect(try await store.passes(of: store.defaultProperty).isEmpty)
        let unknown = await #expect(throws: KioskError.self) { try await store.createPass(try Self.long("S404")) }
        #expect(unknown?.category == .dataError && unknown?.message.contains("S404") == true)
    }

    @Test func theRosterCarriesThePassesAndANewETagForEachChange() async throws {
        let hub = try await hubWithRoster()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        let store = hub.store
        try await hub.serve { client in
            let plain = try await client.send(.get, "/v1/roster", token: token)
            let etag = try #require(plain.headers[.eTag])
            #expect(try JSONDecoder().decode(WireRoster.self, from: Data(plain.body.readableBytesView)).passes.isEmpty)

            let pass = try await store.createPass(try Self.long())
            var headers: HTTPFields = [.authorization: "Bearer \(token)"]
            headers[.ifNoneMatch] = etag
            let changed = try await client.execute(uri: "/v1/roster", method: .get, headers: headers)
            #expect(changed.status == .ok)
            let roster = try JSONDecoder().decode(WireRoster.self, from: Data(changed.body.readableBytesView))
            #expect(roster.leavePasses == [pass])
            #expect(roster.passes.first?.from == "2026-11-20T00:00:00.000Z")
            let withPass = try #require(changed.headers[.eTag])
            #expect(withPass != etag)

            try await store.cancelPass(id: pass.id)
            headers[.ifNoneMatch] = withPass
            let cancelled = try await client.execute(uri: "/v1/roster", method: .get, headers: headers)
            #expect(cancelled.status == .ok)
            #expect(try JSONDecoder().decode(WireRoster.self, from: Data(cancelled.body.readableBytesView)).passes.isEmpty)
            #expect(cancelled.headers[.eTag] == etag, "the same roster and passes as before: the same version")
        }
    }

    @Test func reportsUseThePassesThatExistWhenTheyAreComputed() async throws {
        let hub = try await hubWithRoster()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        var out = HubFixture.batch(kiosk: "gate-1", count: 1)
        out.events[0].direction = .out
        out.events[0].occurredAt = "2026-11-21T10:00:00Z"
        let (store, batch) = (hub.store, out)
        try await hub.serve { client in
            _ = try await client.push(batch, token: token)
            let before = try await client.send(.get, "/v1/attendance?date=2026-11-21", token: token)
            let plain = try #require(try JSONSerialization.jsonObject(with: Data(before.body.readableBytesView)) as? [String: Any])
            #expect((plain["summary"] as? [String: Int])?["notReturned"] == 1)
            #expect((plain["students"] as? [[String: Any]])?.first?["pass"] is NSNull)

            let pass = try await store.createPass(try Self.long())
            let after = try await client.send(.get, "/v1/attendance?date=2026-11-21", token: token)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(after.body.readableBytesView)) as? [String: Any])
            #expect((report["summary"] as? [String: Int])?["onLeave"] == 1)
            #expect((report["summary"] as? [String: Int])?["notReturned"] == 0)
            let student = try #require((report["students"] as? [[String: Any]])?.first)
            #expect(student["status"] as? String == "onLeave")
            #expect((student["pass"] as? [String: String])?["id"] == pass.id)
        }
        let chain = try await store.chainSummary(on: AttendanceDate(parsing: "2026-11-21"), now: try Timestamp.parse("2026-11-25T00:00:00Z"))
        #expect(chain.properties.first?.summary.onLeave == 1)
    }
}
