import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import KioskHub
import KioskWire
import NIOCore
import Testing

@Test func pullingGivesOtherGatesEventsAfterTheCursor() async throws {
    let hub = try await HubFixture()
    let gate1 = try await hub.store.createToken(kioskID: "gate-1")
    let gate2 = try await hub.store.createToken(kioskID: "gate-2")
    let theirs = HubFixture.batch(kiosk: "gate-2", count: 3)
    try await hub.serve { client in
        _ = try await client.push(HubFixture.batch(kiosk: "gate-1", count: 2), token: gate1)
        _ = try await client.push(theirs, token: gate2)
        let first = try await client.send(.get, "/v1/events?after=0&limit=2", token: gate1)
        let page = try JSONDecoder().decode(EventPage.self, from: Data(first.body.readableBytesView))
        #expect(page.events.map(\.id) == Array(theirs.events.map(\.id).prefix(2)))
        let second = try await client.send(.get, "/v1/events?after=\(page.nextCursor)", token: gate1)
        let rest = try JSONDecoder().decode(EventPage.self, from: Data(second.body.readableBytesView))
        #expect(rest.events.map(\.id) == [theirs.events[2].id])
        #expect(rest.events.first == theirs.events[2])
        #expect(try await client.send(.get, "/v1/events?after=-1", token: gate1).problem?.field == "after")
        #expect(try await client.send(.get, "/v1/events?limit=0", token: gate1).problem?.field == "limit")
    }
}

@Test func theRosterCarriesAnETagAndAnswers304WhileUnchanged() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    _ = try await hub.store.importRoster(try RosterCSV.parse(csv, file: "roster.csv"), file: "roster.csv", replace: false)
    try await hub.serve { client in
        let first = try await client.send(.get, "/v1/roster", token: token)
        let etag = try #require(first.headers[.eTag])
        let roster = try JSONDecoder().decode(WireRoster.self, from: Data(first.body.readableBytesView))
        #expect(roster.students == [WireStudent(studentId: "S001", name: "Asha", room: "101", status: "active", tags: ["04A1B2C3"])])
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        headers[.ifNoneMatch] = etag
        #expect(try await client.execute(uri: "/v1/roster", method: .get, headers: headers).status == .notModified)
    }
}

@Test func attendanceIsTheContractsJSONReportOverAllGates() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let other = try await hub.store.createToken(kioskID: "gate-2")
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    _ = try await hub.store.importRoster(try RosterCSV.parse(csv, file: "roster.csv"), file: "roster.csv", replace: false)
    var out = HubFixture.batch(kiosk: "gate-1", count: 1)
    out.events[0].direction = .out
    out.events[0].occurredAt = "2026-11-21T10:00:00Z"
    var back = HubFixture.batch(kiosk: "gate-2", count: 1)
    back.events[0].occurredAt = "2026-11-21T12:00:00Z"
    let batches = (out, back)
    try await hub.serve { client in
        _ = try await client.push(batches.0, token: token)
        _ = try await client.push(batches.1, token: other)
        let response = try await client.send(.get, "/v1/attendance?date=2026-11-21", token: token)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
        let student = try #require((report["students"] as? [[String: Any]])?.first)
        #expect(report["date"] as? String == "2026-11-21")
        #expect(student["taps"] as? Int == 2)
        #expect(student["status"] as? String == "in")
        #expect(try await client.send(.get, "/v1/attendance?date=21-11-2026", token: token).problem?.field == "date")
    }
}
