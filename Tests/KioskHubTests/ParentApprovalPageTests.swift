import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KioskCore
import NIOCore
import Testing

@testable import KioskHub

/// The page an approval link opens, served by the real hub on loopback (CONTRACT.md "Parents"): no sign-in; a
/// decision needs the form's token and its cookie, from the hub's own origin; a used link is 410 "already decided",
/// an expired one 410 "expired", an altered one 404 "not valid", and a decision posted on any of them changes nothing;
/// too many wrong links from one address are refused.
@Suite struct ParentApprovalPageTests {
    /// The token of `contact`'s link to `requestID`.
    static func token(_ hub: HubFixture, request requestID: String, contact: String) async throws -> String {
        let url = try #require(try await PassRequestTests.links(hub, request: requestID)[contact])
        return String(url.dropFirst("https://pg.example.org/p/".count))
    }

    /// Opens the link's page; returns it with the form's token and the cookie it set.
    static func open(_ client: any TestClientProtocol, _ token: String) async throws -> (TestResponse, csrf: String?, cookie: String?) {
        let page = try await client.execute(uri: "/p/" + token, method: .get, headers: [:], body: nil)
        let csrf = page.text.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        let cookie = page.headers[.setCookie].flatMap { $0.split(separator: ";").first }.map(String.init)
        return (page, csrf, cookie)
    }

    static func post(
        _ client: any TestClientProtocol,
        _ token: String,
        csrf: String?,
        cookie: String?,
        decision: String,
        origin: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        if let origin { headers[.origin] = origin }
        let body = (csrf.map { "csrf=\($0)&" } ?? "") + "decision=\(decision)"
        return try await client.execute(uri: "/p/" + token, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func aParentApprovesOnceFromTheirLinkAndTheLinkIsThenUsed() async throws {
        let hub = try await PassRequestTests.hub()
        let clock = SteppedClock()
        let now = clock.wallClock.now()
        let request = try await hub.store.requestPass(
            try PassRequestTests.leave(from: now.addingTimeInterval(7200)),
            property: "default",
            settings: PassRequestTests.settings,
            now: now
        )
        let token = try await Self.token(hub, request: request.id, contact: "mother@example.org")
        let other = try await Self.token(hub, request: request.id, contact: "+919812345678")
        try await hub.serve(clock: clock.wallClock, passRequests: PassRequestTests.settings) { client in
            let (page, csrf, cookie) = try await Self.open(client, token)
            #expect(page.status == .ok)
            #expect(page.text.contains("Asha Verma"))
            #expect(page.text.contains("home for the weekend"))
            #expect(page.text.contains("name=\"viewport\" content=\"width=device-width"))
            #expect(cookie?.hasPrefix("kiosk_approval_csrf=") == true)
            // Without the form's token, without its cookie, or from another site: 403, and nothing changes.
            #expect(try await Self.post(client, token, csrf: nil, cookie: cookie, decision: "approve").status == .forbidden)
            #expect(try await Self.post(client, token, csrf: csrf, cookie: nil, decision: "approve").status == .forbidden)
            let foreign = try await Self.post(client, token, csrf: csrf, cookie: cookie, decision: "approve", origin: "https://evil.example")
            #expect(foreign.status == .forbidden)
            #expect(try await hub.store.passRequests(of: try await hub.store.property("default")).first?.state(at: now) == .pending)

            let approved = try await Self.post(client, token, csrf: csrf, cookie: cookie, decision: "approve", origin: "https://pg.example.org")
            #expect(approved.status == .ok)
            #expect(approved.text.contains("approved"))
            let passes = try await hub.store.passes(of: try await hub.store.property("default"))
            #expect(passes.map(\.studentID) == ["S001"])
            // The used link, and the other parent's, say so; a decision posted on them changes nothing.
            for used in [token, other] {
                let again = try await Self.open(client, used).0
                #expect(again.status == .gone)
                #expect(again.text.contains("already decided"))
                let late = try await Self.post(client, used, csrf: csrf, cookie: cookie, decision: "decline")
                #expect(late.status == .gone)
            }
            #expect(try await hub.store.passRequests(of: try await hub.store.property("default")).first?.state(at: now) == .approved)
            // An altered token.
            let altered = try await Self.open(client, String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")).0
            #expect(altered.status == .notFound)
            #expect(altered.text.contains("not valid"))
        }
    }

    @Test func anExpiredLinkAndADeclineAndWrongLinksFromOneAddress() async throws {
        let hub = try await PassRequestTests.hub()
        let clock = SteppedClock()
        let now = clock.wallClock.now()
        let property = try await hub.store.property("default")
        let first = try await hub.store.requestPass(
            try PassRequestTests.leave(from: now.addingTimeInterval(48 * 3600)),
            property: "default",
            settings: PassRequestTests.settings,
            now: now
        )
        let second = try await hub.store.requestPass(
            try PassRequestTests.leave("S002", from: now.addingTimeInterval(3600)),
            property: "default",
            settings: PassRequestTests.settings,
            now: now
        )
        let expiring = try await Self.token(hub, request: first.id, contact: "mother@example.org")
        let declining = try await Self.token(hub, request: second.id, contact: "father@example.org")
        try await hub.serve(clock: clock.wallClock, passRequests: PassRequestTests.settings) { client in
            let (page, csrf, cookie) = try await Self.open(client, declining)
            #expect(page.status == .ok)
            let declined = try await Self.post(client, declining, csrf: csrf, cookie: cookie, decision: "decline")
            #expect(declined.status == .ok)
            #expect(declined.text.contains("declined"))
            #expect(try await hub.store.passes(of: property).isEmpty)

            // A link lasts 24 hours at most (here the request's `from` is later).
            let (fresh, freshCSRF, freshCookie) = try await Self.open(client, expiring)
            #expect(fresh.status == .ok)
            clock.advance(seconds: 24 * 3600 + 1)
            let expired = try await Self.open(client, expiring).0
            #expect(expired.status == .gone)
            #expect(expired.text.contains("expired"))
            let late = try await Self.post(client, expiring, csrf: freshCSRF, cookie: freshCookie, decision: "approve")
            #expect(late.status == .gone)
            #expect(try await hub.store.passes(of: property).isEmpty)

            // Wrong tokens from one address: refused once too many were tried.
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<21 { statuses.append(try await Self.open(client, "wrong-\(attempt)").0.status) }
            #expect(statuses.prefix(20).allSatisfy { $0 == .notFound })
            #expect(statuses.last == .tooManyRequests)
        }
    }
}
