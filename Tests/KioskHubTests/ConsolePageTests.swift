import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import KioskWire
import NIOCore
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// The web console's pages on both backends: what a warden sees and changes reaches the kiosks.
@Suite struct ConsolePageTests {
    static let password = ConsoleSecurityTests.password

    /// A hub with the shared roster and a warden `asha` of `default`.
    static func hub() async throws -> HubFixture {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: password)
        return hub
    }

    @Test func everyPageNamesThePropertyInItsHeading() async throws {
        let hub = try await Self.hub()
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            for (page, title) in [
                ("/", "Today"), ("/report?date=2026-11-21", "Day report 2026-11-21"), ("/month?month=2026-11", "Monthly sheet 2026-11"),
                ("/roster", "Roster"), ("/manual", "Manual entry"), ("/gates", "Gates"), ("/students/S003", "राहुल शर्मा"),
            ] {
                let answer = try await browser.get(page)
                #expect(answer.status == .ok, "\(page)")
                #expect(answer.text.contains("<h1>PG: \(title)</h1>"), "\(page)")
                #expect(answer.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            }
            #expect(try await browser.get("/students/S999").status == .notFound)
            #expect(try await browser.get("/report?date=21-11-2026").status == .badRequest)
        }
    }

    /// A property nobody made is 404; a database that fails while a page looks its property up is 503, as for the API,
    /// not a "no property" that would tell the operator the property is gone.
    @Test func anUnknownPropertyIs404AndAFailingDatabaseIs503() async throws {
        let hub = try await HubFixture()
        try await hub.store.createProperty(HubProperty(id: "north", name: "North Block", policy: AttendancePolicy()))
        _ = try await hub.store.createUser(name: "ops", role: .chainOperator, password: Self.password)
        try await hub.serve { client in
            var chain = ConsoleBrowser(client: client)
            _ = try await chain.signIn("ops", Self.password)
            #expect(try await chain.get("/?property=north").status == .ok)
            #expect(try await chain.get("/?property=south").status == .notFound)
            _ = try await hub.sql("ALTER TABLE property RENAME TO property_gone")
            let failed = try await chain.get("/?property=north")
            #expect(failed.status == .serviceUnavailable)
            #expect(failed.headers[.retryAfter] == "5")
        }
    }

    @Test func aManualEntryFromTheConsoleIsPulledByTheGates() async throws {
        let hub = try await Self.hub()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let csrf = try await browser.csrf(from: "/manual")
            let noReason = ["csrf": csrf, "studentId": "S002", "direction": "out", "time": "2026-11-21T18:00", "reason": "  "]
            #expect(try await browser.post("/manual", form: noReason).status == .unprocessableContent)
            let entry = noReason.merging(["reason": "home for the weekend"]) { $1 }
            let answer = try await browser.post("/manual", form: entry)
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/students/S002?property=default")

            let page = try await client.send(.get, "/v1/events?after=0", token: token)
            let pulled = try JSONDecoder().decode(EventPage.self, from: Data(page.body.readableBytesView)).events
            #expect(pulled.count == 1)
            let event = try #require(pulled.first)
            #expect(event.kioskId == "console.default")
            #expect(event.kind == .manual)
            #expect(event.direction == .out)
            #expect(event.studentId == "S002")
            #expect(event.reason == "home for the weekend")
            #expect(event.problem() == nil)
            #expect(try await browser.get("/students/S002").text.contains("home for the weekend"))
        }
        let report = try await hub.store.report(for: hub.store.property("default"), on: AttendanceDate(parsing: "2026-11-21"), now: .distantFuture)
        #expect(report.attendance.students.first { $0.student.id == "S002" }?.taps == 1)
    }

    @Test func aRevokedCardLeavesTheRosterTheGatesPull() async throws {
        let hub = try await Self.hub()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        try await hub.serve { client in
            let before = try #require(try await client.send(.get, "/v1/roster", token: token).headers[.eTag])
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let csrf = try await browser.csrf(from: "/students/S001")
            let answer = try await browser.post("/roster/revoke", form: ["csrf": csrf, "uid": "04:a1:b2:c3"])
            #expect(answer.status == .ok)
            #expect(answer.text.contains("Card 04A1B2C3 of S001 is revoked"))
            let after = try await client.send(.get, "/v1/roster", token: token)
            #expect(after.headers[.eTag] != before)
            let roster = try JSONDecoder().decode(WireRoster.self, from: Data(after.body.readableBytesView))
            #expect(roster.students.first { $0.studentId == "S001" }?.tags == [])
            #expect(try await browser.post("/roster/revoke", form: ["csrf": csrf, "uid": "04A1B2C3"]).status == .unprocessableContent)
        }
    }

    @Test func aRosterUploadWithABadRowShowsItsLineAndFieldAndChangesNothing() async throws {
        let hub = try await Self.hub()
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let csrf = try await browser.csrf(from: "/roster")
            let bad = "student_id,name,room,tag_uid\nS004,Meera Iyer,104,04A1B2C6\nS005,Kabir Shah,105,XYZ\n"
            let refused = try await browser.upload(csv: bad, filename: "new-term.csv", csrf: csrf)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("new-term.csv:3: field &#39;tag_uid&#39;"))
            #expect(try await hub.store.rosterEntries(property: "default").map(\.student.id) == ["S001", "S002", "S003"])

            let good = "student_id,name,room,tag_uid\nS004,Meera Iyer,104,04A1B2C6\n"
            let accepted = try await browser.upload(csv: good, filename: "new-term.csv", csrf: csrf)
            #expect(accepted.status == .ok)
            #expect(try await hub.store.rosterEntries(property: "default").map(\.student.id) == ["S001", "S002", "S003", "S004"])
            #expect(try await browser.upload(csv: good, filename: "x.csv", csrf: "").status == .forbidden)
        }
    }

    @Test func anUnknownCardIsEnrolledAndAStudentEdited() async throws {
        let hub = try await Self.hub()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        try await hub.serve { client in
            var unknown = HubFixture.event(kiosk: "gate-1", seq: 1)
            (unknown.uid, unknown.studentId, unknown.kind, unknown.outcome, unknown.direction) = ("04FFEEDD", nil, .unknown, .unknown, nil)
            unknown.occurredAt = ISO8601DateFormatter().string(from: Date())
            _ = try await client.push(EventBatch(kioskId: "gate-1", events: [unknown]), token: token)
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let roster = try await browser.get("/roster").text
            #expect(roster.contains("Card <b>04FFEEDD</b>"))
            let csrf = try await browser.csrf(from: "/roster")
            let enrolled = try await browser.post("/roster/enrol", form: ["csrf": csrf, "uid": "04FFEEDD", "studentId": "S002"])
            #expect(enrolled.status == .ok)
            #expect(
                try await hub.store.rosterEntries(property: "default").first { $0.student.id == "S002" }?.tags.map(\.hex).contains("04FFEEDD") == true
            )

            let edit = try await browser.post("/students/S003", form: ["csrf": csrf, "name": "Rahul Sharma", "room": "201", "status": "inactive"])
            #expect(edit.status == .ok)
            let student = try #require(try await hub.store.rosterEntries(property: "default").first { $0.student.id == "S003" }?.student)
            #expect((student.name, student.room, student.status) == ("Rahul Sharma", "201", .inactive))
        }
    }
}

extension ConsoleBrowser {
    /// Posts a roster CSV as a browser's file upload does.
    func upload(csv: String, filename: String, csrf: String) async throws -> TestResponse {
        let boundary = "----kiosk-test-boundary"
        var body = ""
        for (name, value) in [("csrf", csrf), ("property", "default")] {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: text/csv\r\n\r\n\(csv)\r\n"
        body += "--\(boundary)--\r\n"
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(uri: "/roster/upload", method: .post, headers: headers, body: ByteBuffer(string: body))
    }
}
