import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import Testing

@testable import KioskHub

/// The student's page shows the parents' contacts and changes them with the roster's checks; a refused form changes
/// nothing.
@Suite struct ConsoleParentContactTests {
    @Test func theStudentsPageChangesTheContactsAndRefusesABadOne() async throws {
        let hub = try await ConsoleHostileInputTests.hub()
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", ConsoleHostileInputTests.password)
            let csrf = try await browser.csrf(from: "/students/S001")
            var form = ["csrf": csrf, "name": "Asha Verma", "room": "101", "status": "active", "parentContact": "+919812345678; mother@example.org"]
            let saved = try await browser.post("/students/S001", form: form)
            #expect(saved.status == .ok)
            #expect(saved.text.contains("value=\"+919812345678; mother@example.org\""))
            form["parentContact"] = "call the warden"
            form["name"] = "Asha V."
            let refused = try await browser.post("/students/S001", form: form)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("is neither an e-mail address nor a phone number"))
            #expect(try await hub.store.parentContacts(of: "S001", property: "default").map(\.value) == ["+919812345678", "mother@example.org"])
            // Nothing of a refused form changed.
            #expect(try await hub.store.rosterEntries(property: "default").first { $0.student.id == "S001" }?.student.name == "Asha Verma")
        }
    }
}
