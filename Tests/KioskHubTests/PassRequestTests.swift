import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import KioskHubStorage
import KioskWire
import Testing

@testable import KioskHub

/// Pass requests on the backend the run names (CONTRACT.md "Parents"): with parent approval each contact gets a
/// `pass_request` alert with a link of its own, kept only as a hash; a decision is taken once, audited as the parent,
/// and an approval makes the pass; the request's checks name the field.
@Suite struct PassRequestTests {
    static let settings = PassRequestSettings(
        passes: PassSettings(parentApproval: true, maxDays: 31),
        publicURL: "https://pg.example.org",
        alerts: AlertSettings(channels: [AlertChannel(delivery: .command(["/bin/true"]))])
    )

    /// A hub whose roster gives S001 two parents' contacts and S002 one.
    static func hub() async throws -> HubFixture {
        let hub = try await ConsoleHostileInputTests.hub(roster: ParentContactStoreTests.withContacts)
        return hub
    }

    static func leave(_ student: String = "S001", from: Date, hours: Double = 48, reason: String = "home for the weekend") throws -> LeavePassRequest
    {
        try LeavePassRequest(studentID: student, from: from, until: from.addingTimeInterval(hours * 3600), reason: reason)
    }

    /// The approval links the `pass_request` alerts of `requestID` carry, by contact.
    static func links(_ hub: HubFixture, request requestID: String) async throws -> [String: String] {
        var links: [String: String] = [:]
        for record in try await hub.store.alerts(property: "default") where record.alert.request?.id == requestID {
            links[try #require(record.alert.parentContacts?.first)] = record.alert.approvalUrl
        }
        return links
    }

    @Test func eachParentGetsALinkAndTheFirstDecisionMakesThePass() async throws {
        let hub = try await Self.hub()
        let now = Date()
        let request = try await hub.store.requestPass(
            try Self.leave(from: now.addingTimeInterval(7200)),
            property: "default",
            settings: Self.settings,
            now: now
        )
        #expect(request.state(at: now) == .pending)
        let links = try await Self.links(hub, request: request.id)
        #expect(Set(links.keys) == ["+919812345678", "mother@example.org"])
        let alert = try #require(try await hub.store.alerts(property: "default").first { $0.alert.event == .passRequest }?.alert)
        #expect(alert.students.map(\.studentId) == ["S001"])
        #expect(alert.request?.reason == "home for the weekend")
        #expect(String(decoding: alert.json, as: UTF8.self).contains("\"approvalUrl\":\"https://pg.example.org/p/"))
        // The database keeps each token's hash, never the token.
        let tokens = links.values.map { String($0.dropFirst("https://pg.example.org/p/".count)) }
        #expect(tokens.allSatisfy { $0.count >= 22 })
        let hashes = Set(try await hub.sql("SELECT token_hash FROM approval_link"))
        #expect(hashes == Set(tokens.map { SHA256.hash(data: Data($0.utf8)).map { String(format: "%02x", $0) }.joined() }))
        let mother = try #require(links["mother@example.org"].map { String($0.dropFirst("https://pg.example.org/p/".count)) })
        let opened = try #require(try await hub.store.approvalLink(token: mother))
        #expect(opened.link.contact == "mother@example.org")
        #expect(opened.student.name == "Asha Verma")
        #expect(try await hub.store.approvalLink(token: mother.dropLast() + (mother.hasSuffix("A") ? "B" : "A")) == nil)
        // Once delivered, the outbox forgets the links: only their hashes stay.
        for delivery in try await hub.store.storage.claimDueDeliveries(
            now: now,
            leaseUntil: now.addingTimeInterval(60),
            channels: .allBut([]),
            limit: 10
        ) {
            try await hub.store.storage.finishDelivery(delivery, outcome: .delivered(at: now))
        }
        #expect(try await hub.store.alerts(property: "default").allSatisfy { $0.alert.approvalUrl == nil && $0.alert.request?.id == request.id })
        #expect(try await hub.sql("SELECT body FROM alert").allSatisfy { body in !tokens.contains { body.contains($0) } })
        #expect(try await hub.store.approvalLink(token: mother)?.link.contact == "mother@example.org")

        let pass = try #require(
            try await hub.store.acting(as: .parent("mother@example.org")).decidePassRequest(
                id: request.id,
                property: "default",
                approve: true,
                now: now
            )
        )
        #expect(try await hub.store.passes(of: try await hub.store.property("default")).contains(pass))
        #expect(try await hub.store.passRequests(of: try await hub.store.property("default")).first?.state(at: now) == .approved)
        let decided = try await hub.store.auditEntries(property: "default").filter { $0.action == AuditAction.passDecide.rawValue }
        #expect(decided.map(\.actor) == ["parent:mother@example.org"])
        #expect(decided.first?.subject == request.id)
        // The other parent's link, or the warden, finds it decided.
        await #expect(throws: KioskError.self) {
            try await hub.store.acting(as: .parent("+919812345678")).decidePassRequest(id: request.id, property: "default", approve: false, now: now)
        }
        #expect(try await hub.store.passes(of: try await hub.store.property("default")).count == 1)
    }

    @Test func aDeclinedRequestNeverMakesAPassAndAnUndecidedOneExpires() async throws {
        let hub = try await Self.hub()
        let now = Date()
        let property = try await hub.store.property("default")
        let warden = PassRequestSettings()
        let declined = try await hub.store.requestPass(try Self.leave(from: now), property: "default", settings: warden, now: now)
        // Without parent approval no alert goes out: the warden decides.
        #expect(try await hub.store.alerts(property: "default").isEmpty)
        #expect(
            try await hub.store.acting(as: .user("asha")).decidePassRequest(id: declined.id, property: "default", approve: false, now: now) == nil
        )
        #expect(try await hub.store.passes(of: property).isEmpty)
        let undecided = try await hub.store.requestPass(try Self.leave("S002", from: now, hours: 2), property: "default", settings: warden, now: now)
        let later = now.addingTimeInterval(3 * 3600)
        let states = Dictionary(uniqueKeysWithValues: try await hub.store.passRequests(of: property).map { ($0.id, $0.state(at: later)) })
        #expect(states == [declined.id: .declined, undecided.id: .expired])
        await #expect(throws: KioskError.self) {
            try await hub.store.decidePassRequest(id: undecided.id, property: "default", approve: true, now: later)
        }
        #expect(try await hub.store.passes(of: property).isEmpty)
    }

    @Test func aRequestIsRefusedNamingWhatIsWrong() async throws {
        let hub = try await Self.hub()
        let now = Date()
        let tooLong = try Self.leave(from: now, hours: 32 * 24)
        let long = await #expect(throws: KioskError.self) {
            try await hub.store.requestPass(tooLong, property: "default", settings: Self.settings, now: now)
        }
        #expect(long?.message.contains("--until") == true)
        #expect(long?.message.contains("max_days allows at most 31") == true)
        let unknown = await #expect(throws: KioskError.self) {
            try await hub.store.requestPass(try Self.leave("S999", from: now), property: "default", settings: Self.settings, now: now)
        }
        #expect(unknown?.message.contains("unknown student 'S999'") == true)
        #expect(throws: KioskError.self) { try Self.leave(from: now, hours: -1) }
        #expect(throws: KioskError.self) { try Self.leave(from: now, reason: "home\u{7}") }
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM pass_request") == ["0"])
    }

    @Test func erasureRemovesTheRequestsTheirLinksAndTheirAlertsDetails() async throws {
        let hub = try await Self.hub()
        let now = Date()
        let request = try await hub.store.requestPass(
            try Self.leave(from: now.addingTimeInterval(3600)),
            property: "default",
            settings: Self.settings,
            now: now
        )
        let export = try await hub.store.exportStudent("S001", property: "default", now: now)
        #expect(export.requests.map(\.id) == [request.id])
        #expect(export.requests.first?.state == "pending")
        _ = try await hub.store.eraseStudent("S001", property: "default", now: now)
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM pass_request") == ["0"])
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM approval_link") == ["0"])
        for record in try await hub.store.alerts(property: "default") {
            let json = String(decoding: record.alert.json, as: UTF8.self)
            #expect(!json.contains("mother@example.org") && !json.contains("approvalUrl") && !json.contains("Asha"))
        }
    }
}
