import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import KioskHub
import KioskWire
import NIOCore
import Testing

@testable import KioskHubStorage

/// Properties keep each PG's roster, kiosks, events and reports apart, on both backends; a kiosk's token confines it
/// to its property and the operator's token reads the chain summary only.
@Suite struct HubPropertyTests {
    static let roster = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    static let northRoster = "student_id,name,room,tag_uid\nS001,Ravi,201,04A1B2C3\nS002,Mira,202,04A1B2C5\n"

    /// A hub with `default` and `north`, each with its roster (the same student id and UID, different people) and
    /// two kiosks' tokens.
    private static func chain() async throws -> (hub: HubFixture, tokens: [String: String]) {
        let hub = try await HubFixture()
        try await hub.store.createProperty(
            HubProperty(id: "north", name: "North Block", policy: AttendancePolicy(timeZone: .gmt, initialState: .out))
        )
        _ = try await hub.store.importRoster(try RosterCSV.parse(roster, file: "a.csv"), file: "a.csv", replace: false)
        _ = try await hub.store.importRoster(try RosterCSV.parse(northRoster, file: "n.csv"), file: "n.csv", replace: false, property: "north")
        var tokens: [String: String] = [:]
        for kiosk in ["gate-1", "gate-2"] { tokens[kiosk] = try await hub.store.createToken(kioskID: kiosk) }
        for kiosk in ["north-1", "north-2"] { tokens[kiosk] = try await hub.store.createToken(kioskID: kiosk, property: "north") }
        return (hub, tokens)
    }

    @Test func aKioskPullsAndReadsOnlyItsOwnProperty() async throws {
        let (hub, tokens) = try await Self.chain()
        let south = HubFixture.batch(kiosk: "gate-1", count: 2)
        let north = HubFixture.batch(kiosk: "north-1", count: 3)
        try await hub.serve { client in
            _ = try await client.push(south, token: tokens["gate-1"]!)
            _ = try await client.push(north, token: tokens["north-1"]!)
            let northPage = try JSONDecoder().decode(
                EventPage.self,
                from: Data(try await client.send(.get, "/v1/events", token: tokens["north-2"]!).body.readableBytesView)
            )
            #expect(northPage.events.map(\.id) == north.events.map(\.id))
            let southPage = try JSONDecoder().decode(
                EventPage.self,
                from: Data(try await client.send(.get, "/v1/events", token: tokens["gate-2"]!).body.readableBytesView)
            )
            #expect(southPage.events.map(\.id) == south.events.map(\.id))

            let roster = try JSONDecoder().decode(
                WireRoster.self,
                from: Data(try await client.send(.get, "/v1/roster", token: tokens["north-2"]!).body.readableBytesView)
            )
            #expect(roster.students.map(\.name) == ["Ravi", "Mira"])
            let attendance = try await client.send(.get, "/v1/attendance?date=2026-11-21", token: tokens["north-2"]!)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(attendance.body.readableBytesView)) as? [String: Any])
            #expect(report["timezone"] as? String == "GMT")
            #expect((report["students"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Ravi", "Mira"])
            // north-1's tap of S001 counts for Ravi (in), Mira never tapped (out, absent under initial state out).
            #expect((report["summary"] as? [String: Any])?["checkedIn"] as? Int == 1)
            #expect((report["summary"] as? [String: Any])?["absent"] as? Int == 1)
        }
        let southReport = try await hub.store.report(for: hub.store.defaultProperty, on: AttendanceDate(parsing: "2026-11-21"), now: Date())
        #expect(southReport.attendance.students.map(\.student.name) == ["Asha"])
        #expect(southReport.attendance.students.first?.taps == 2)
    }

    @Test func aKioskIdBelongsToOnePropertyAndAnUnknownPropertyIsAConfigurationError() async throws {
        let (hub, _) = try await Self.chain()
        await #expect(throws: KioskError.self) { try await hub.store.createToken(kioskID: "gate-1", property: "north") }
        _ = try await hub.store.createToken(kioskID: "north-1", property: "north")
        do {
            _ = try await hub.store.createToken(kioskID: "gate-9", property: "nowhere")
            Issue.record("a token for an unknown property was made")
        } catch {
            #expect(error.category == .configuration)
            #expect(error.message.contains("'nowhere'"))
        }
        #expect(try await hub.store.properties().map(\.id) == ["default", "north"])
    }

    @Test func theOperatorTokenReadsTheChainSummaryAndNothingElse() async throws {
        let (hub, tokens) = try await Self.chain()
        let operatorToken = try await hub.store.createOperatorToken()
        try await hub.serve { client in
            _ = try await client.push(HubFixture.batch(kiosk: "north-1", count: 1), token: tokens["north-1"]!)
            let answer = try await client.send(.get, "/v1/properties/summary?date=2026-11-21", token: operatorToken)
            #expect(answer.status == .ok)
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any])
            #expect(summary["date"] as? String == "2026-11-21")
            let rows = try #require(summary["properties"] as? [[String: Any]])
            #expect(rows.map { $0["property"] as? String } == ["default", "north"])
            #expect(rows.map { $0["name"] as? String } == ["PG", "North Block"])
            #expect(rows.map { ($0["summary"] as? [String: Any])?["total"] as? Int } == [1, 2])
            #expect(rows.map { ($0["summary"] as? [String: Any])?["checkedIn"] as? Int } == [1, 1])

            for path in ["/v1/events", "/v1/roster", "/v1/attendance"] {
                #expect(try await client.send(.get, path, token: operatorToken).status == .forbidden)
            }
            #expect(try await client.send(.get, "/v1/properties/summary", token: tokens["gate-1"]!).status == .forbidden)
            #expect(try await client.send(.get, "/v1/properties/summary", token: nil).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/properties/summary?date=21-11-2026", token: operatorToken).problem?.field == "date")
        }
    }

    @Test func aPushIsStoredInThePropertyOfTheKioskThatSentIt() async throws {
        let (hub, tokens) = try await Self.chain()
        let batch = HubFixture.batch(kiosk: "north-2", count: 2)
        try await hub.serve { client in
            let results = try await client.push(batch, token: tokens["north-2"]!)
            #expect(results.map(\.status) == [.accepted, .accepted])
            // The same events again: duplicates, stored once.
            #expect(try await client.push(batch, token: tokens["north-2"]!).map(\.status) == [.duplicate, .duplicate])
        }
        let stored = try await hub.sql("SELECT property_id FROM event ORDER BY seq")
        #expect(stored == ["north", "north"])
    }
}
