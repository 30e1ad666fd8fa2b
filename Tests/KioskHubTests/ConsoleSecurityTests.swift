import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// The web console's accounts and sessions on both backends: cookies, CSRF, lockout, expiry, least privilege.
@Suite struct ConsoleSecurityTests {
    static let password = "a long enough secret"

    @Test func signingInSetsAStrictHttpOnlyCookieSecureBehindHTTPS() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            #expect(try await browser.get("/login").text.contains("name=\"username\""))
            let plain = try await browser.signIn("asha", Self.password)
            #expect(plain.status == .seeOther)
            let cookie = try #require(plain.headers[.setCookie])
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Max-Age=43200"))
            #expect(!cookie.contains("Secure"))
            #expect(try await browser.get("/").status == .ok)

            var proxied = ConsoleBrowser(client: client)
            let secure = try await proxied.signIn("asha", Self.password, headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(try #require(secure.headers[.setCookie]).contains("Secure"))
        }
    }

    @Test func everyPageNeedsASessionAndTheTokenIsStoredOnlyAsAHash() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            for page in ["/", "/report", "/month", "/roster", "/manual", "/gates", "/students/S001", "/live"] {
                let answer = try await browser.get(page)
                #expect(answer.status == .seeOther, "\(page)")
                #expect(answer.headers[.location] == "/login", "\(page)")
            }
            #expect(try await browser.post("/manual", form: ["reason": "x"]).status == .unauthorized)
            _ = try await browser.signIn("asha", Self.password)
            let token = try #require(browser.cookie?.split(separator: "=").last.map(String.init))
            #expect(try await hub.sql("SELECT hash FROM console_session").allSatisfy { $0 != token && !$0.contains(token) })
            browser.cookie = "kiosk_session=" + String(token.reversed())
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    @Test func aPostWithoutTheCSRFTokenIsRefusedAndChangesNothing() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            let entry = ["studentId": "S001", "direction": "out", "time": "2026-11-21T18:00", "reason": "home for the weekend"]
            #expect(try await browser.post("/manual", form: entry).status == .forbidden)
            #expect(try await browser.post("/manual", form: entry.merging(["csrf": "0123"]) { $1 }).status == .forbidden)
            #expect(try await browser.post("/roster/revoke", form: ["uid": "04A1B2C3"]).status == .forbidden)
            #expect(try await browser.post("/logout", form: [:]).status == .forbidden)
            #expect(try await hub.store.eventIDs().isEmpty)
            #expect(try await hub.store.rosterEntries(property: "default").flatMap(\.tags).count == 3)

            let csrf = try await browser.csrf(from: "/manual")
            #expect(try await browser.post("/manual", form: entry.merging(["csrf": csrf]) { $1 }).status == .seeOther)
            #expect(try await hub.store.eventIDs().count == 1)
        }
    }

    @Test func fiveFailedSignInsLockTheAccountForAMinute() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        let clock = SteppedClock()
        try await hub.serve(clock: clock.wallClock) { client in
            var browser = ConsoleBrowser(client: client)
            for _ in 0..<4 { #expect(try await browser.signIn("asha", "not the password").status == .unauthorized) }
            #expect(try await browser.signIn("asha", "not the password").status == .tooManyRequests)
            let locked = try await browser.signIn("asha", Self.password)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.text.contains("locked"))
            #expect(browser.cookie == nil)
            clock.advance(seconds: 61)
            #expect(try await browser.signIn("asha", Self.password).status == .seeOther)
            #expect(try await browser.get("/").status == .ok)
            // An unknown name is refused the same way, and locks nobody.
            var stranger = ConsoleBrowser(client: client)
            #expect(try await stranger.signIn("nobody", Self.password).status == .unauthorized)
        }
    }

    @Test func aSessionEndsAfterTwelveHoursOnSignOutAndWhenItsUserIsDisabled() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        let clock = SteppedClock()
        try await hub.serve(clock: clock.wallClock) { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", Self.password)
            clock.advance(seconds: 12 * 3600 - 60)
            #expect(try await browser.get("/").status == .ok)
            clock.advance(seconds: 61)
            #expect(try await browser.get("/").status == .seeOther)

            _ = try await browser.signIn("asha", Self.password)
            let csrf = try await browser.csrf(from: "/")
            let out = try await browser.post("/logout", form: ["csrf": csrf])
            #expect(out.status == .seeOther)
            #expect(try await browser.get("/").status == .seeOther)

            _ = try await browser.signIn("asha", Self.password)
            try await hub.store.disableUser(named: "asha")
            #expect(try await browser.get("/").status == .seeOther)
            #expect(try await browser.signIn("asha", Self.password).status == .unauthorized)
        }
    }

    @Test func aWardenSeesAndChangesOnlyTheirProperty() async throws {
        let hub = try await HubFixture()
        try await hub.store.createProperty(HubProperty(id: "north", name: "North Block", policy: AttendancePolicy()))
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true, property: "north")
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        _ = try await hub.store.createUser(name: "ops", role: .chainOperator, password: Self.password)
        try await hub.serve { client in
            var warden = ConsoleBrowser(client: client)
            _ = try await warden.signIn("asha", Self.password)
            for page in [
                "/?property=north", "/report?property=north", "/month?property=north", "/roster?property=north", "/gates?property=north",
                "/students/S001?property=north", "/live?property=north", "/report.json?property=north", "/chain",
            ] {
                #expect(try await warden.get(page).status == .forbidden, "\(page)")
            }
            let csrf = try await warden.csrf(from: "/")
            let revoke = try await warden.post("/roster/revoke", form: ["csrf": csrf, "property": "north", "uid": "04A1B2C3"])
            #expect(revoke.status == .forbidden)
            #expect(try await hub.store.rosterEntries(property: "north").flatMap(\.tags).count == 3)

            var chain = ConsoleBrowser(client: client)
            _ = try await chain.signIn("ops", Self.password)
            #expect(try await chain.get("/?property=north").text.contains("<h1>North Block: Today</h1>"))
            let summary = try await chain.get("/chain")
            #expect(summary.status == .ok)
            #expect(summary.text.contains("href=\"/?property=north\""))
        }
    }
}
