import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import Testing

@testable import KioskConsole
@testable import KioskHub
@testable import KioskHubStorage

/// What the console's forms take from a careless or hostile user, on both backends: nothing a terminal, a CSV export
/// or a live page would choke on, and a working page for every student the roster accepts.
@Suite struct ConsoleHostileInputTests {
    static let password = "a long enough secret"

    static func hub(roster csv: String? = nil) async throws -> HubFixture {
        let hub = try await HubFixture()
        let rows = try csv.map { try RosterCSV.parse($0, file: "roster.csv") } ?? ConsoleFixture.roster
        _ = try await hub.store.importRoster(rows, file: "roster.csv", replace: true)
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        return hub
    }

    /// The values of `attribute="…"` in `page` that start with `prefix`, HTML entities undone.
    static func attributes(_ attribute: String, startingWith prefix: String, in page: String) -> [String] {
        page.components(separatedBy: "\(attribute)=\"\(prefix)").dropFirst().map { rest in
            (prefix + rest.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test func aStudentsNameAndRoomRefuseControlCharacters() async throws {
        let hub = try await Self.hub()
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let csrf = try await browser.csrf(from: "/students/S001")
            for control in ["\u{1B}[2J", "\r", "\n", "\u{07}", "\u{7F}", "\u{85}", "\u{0}"] {
                for field in ["name", "room"] {
                    var form = ["csrf": csrf, "name": "Asha Verma", "room": "101", "status": "active"]
                    form[field] = "Asha" + control + "Verma"
                    let edit = try await browser.post("/students/S001", form: form)
                    #expect(
                        edit.status == .unprocessableContent,
                        "\(field) with U+\(control.unicodeScalars.first.map { String($0.value, radix: 16) } ?? "")"
                    )
                    #expect(edit.text.contains("contains the control character"))
                }
            }
            let student = try #require(try await hub.store.rosterEntries(property: "default").first { $0.student.id == "S001" }?.student)
            #expect((student.name, student.room) == ("Asha Verma", "101"))
        }
    }

    @Test func everyStudentIdTheRosterAcceptsHasAWorkingPage() async throws {
        let ids = ["S 1", "छात्र-1", "a/b", "what?", "100%", "<b>x</b>", "a+b&c=d#e"]
        let csv =
            "student_id,name,room,tag_uid\n"
            + ids.enumerated().map { index, id in
                "\"\(id)\",Student \(index),10\(index),04A1B2\(String(format: "%02X", index))"
            }.joined(separator: "\n") + "\n"
        let hub = try await Self.hub(roster: csv)
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let links = Self.attributes("href", startingWith: "/students/", in: try await browser.get("/roster").text)
            #expect(links.count == ids.count)
            var shown: Set<String> = []
            for link in links {
                let page = try await browser.get(link)
                #expect(page.status == .ok, "\(link)")
                guard let index = (0..<ids.count).first(where: { page.text.contains("<b>Student \($0)</b>") }) else { continue }
                shown.insert(ids[index])
                // The page's own form changes that student.
                let action = try #require(Self.attributes("action", startingWith: "/students/", in: page.text).first)
                let csrf = try await browser.csrf(from: link)
                let edit = try await browser.post(action, form: ["csrf": csrf, "name": "Renamed \(index)", "room": "20\(index)", "status": "active"])
                #expect(edit.status == .ok, "\(action)")
            }
            #expect(shown == Set(ids))
            let names = try await hub.store.rosterEntries(property: "default").map(\.student.name)
            #expect(Set(names) == Set(ids.indices.map { "Renamed \($0)" }))
        }
    }

    @Test func anIdThatWouldNameAnotherPageIsRefusedWithItsLine() throws {
        for id in [".", ".."] {
            let error = #expect(throws: KioskError.self) { try RosterCSV.parse("student_id,name,room,tag_uid\n\(id),A,1,04A1B2C3\n", file: "r.csv") }
            #expect(error?.message == "r.csv:2: field 'student_id': '\(id)' cannot be a student id")
        }
    }
}

/// A carriage return in a page's text (a name stored before names refused control characters) cannot split the live
/// stream's event: every line ending the browser knows starts a `data:` field of its own.
@Test func theLiveStreamsEventKeepsEveryLineOfThePageInItsData() {
    let event = ConsoleRoutes.event("today", data: "<td>Asha\rVerma</td>\r\n<td>101\n</td>")
    #expect(event == "event: today\ndata: <td>Asha\ndata: Verma</td>\ndata: <td>101\ndata: </td>\n\n")
}

/// A roster upload whose part has a header name outside ASCII stopped the whole hub inside multipart-kit (found by
/// FuzzConsoleForms): it is now a form without fields, refused (403) like any post without its CSRF token.
@Test func anUploadWithAHeaderNameOutsideASCIIIsRefusedAndTheHubServesOn() async throws {
    let hub = try await ConsoleHostileInputTests.hub()
    try await hub.serve { client in
        var browser = ConsoleBrowser(client: client)
        _ = try await browser.signIn("asha", ConsoleHostileInputTests.password)
        let csrf = try await browser.csrf(from: "/roster")
        var body = ByteBuffer(string: "--X\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n--X\r\nC")
        body.writeBytes([0xFF, 0xFF])
        body.writeString(": x\r\n\r\nstudent_id,name,room,tag_uid\nS009,Nine,109,04A1B2D9\n\r\n--X--\r\n")
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=X"]
        headers[.cookie] = browser.cookie
        let upload = try await client.execute(uri: "/roster/upload", method: .post, headers: headers, body: body)
        #expect(upload.status == .forbidden)
        #expect(try await browser.get("/roster").status == .ok)
        #expect(try await hub.store.rosterEntries(property: "default").count == 3)
    }
}

/// A roster file over the upload limit gets the roster page saying how large a file may be (413), and nothing changes.
@Test func aRosterUploadOverTheLimitIsTheRosterPageSayingSo() async throws {
    let hub = try await ConsoleHostileInputTests.hub()
    try await hub.serve { client in
        var browser = ConsoleBrowser(client: client)
        _ = try await browser.signIn("asha", ConsoleHostileInputTests.password)
        let csv = "student_id,name,room,tag_uid\n" + String(repeating: "#", count: ConsoleRoutes.largestRosterUpload)
        let upload = try await browser.upload(csv: csv, filename: "roster.csv", csrf: try await browser.csrf(from: "/roster"))
        #expect(upload.status == .contentTooLarge)
        let page = String(buffer: upload.body)
        #expect(page.contains("the file is larger than 8 MB"))
        #expect(page.contains("Priya Nair"))
        #expect(try await hub.store.rosterEntries(property: "default").count == 3)
    }
}
