import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// An open Today stream ends with its session: signing out, disabling the user or changing the password (which the
/// command line does in another process, through the database) ends it within 5 s, with no day sent after.
@Suite struct LiveStreamSessionTests {
    enum Ending: CaseIterable, Sendable {
        case signOut, disable, passwordChange
    }

    @Test(arguments: Ending.allCases)
    func anOpenStreamEndsWithItsSession(_ ending: Ending) async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: ConsoleSecurityTests.password)
        try await hub.serve { client in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", ConsoleSecurityTests.password)
            let cookie = try #require(browser.cookie)
            let csrf = try await browser.csrf(from: "/")
            try await HTTPClientScope.run { http in
                let stream = try await LiveStream.open(port: try #require(client.port), cookie: cookie, client: http)
                try await waitUntil("the stream's first day") { stream.events.contains { $0.hasPrefix("event: today") } }
                let sent = stream.events.count
                switch ending {
                case .signOut: #expect(try await browser.post("/logout", form: ["csrf": csrf]).status == .seeOther)
                case .disable: try await hub.store.disableUser(named: "asha")
                case .passwordChange: _ = try await hub.store.setPassword(nil, forUser: "asha")
                }
                try await waitUntil("the stream's end", within: .seconds(30)) { stream.ended }
                #expect(!stream.events.dropFirst(sent).contains { $0.hasPrefix("event: today") })
            }
        }
    }
}

/// An open Today page whose day does not change is told, at each heartbeat, the time it is shown as of.
@Test func anUnchangedTodayPageIsToldTheTimeItIsAsOf() async throws {
    let hub = try await HubFixture()
    _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: ConsoleSecurityTests.password)
    let now = try #require(ISO8601DateFormatter().date(from: "2026-11-21T16:10:00Z"))
    try await hub.serve(clock: .fixed(now), liveHeartbeat: .milliseconds(50)) { client in
        var browser = ConsoleBrowser(client: client)
        _ = try await browser.signIn("asha", ConsoleSecurityTests.password)
        let cookie = try #require(browser.cookie)
        try await HTTPClientScope.run { http in
            let stream = try await LiveStream.open(port: try #require(client.port), cookie: cookie, client: http)
            try await waitUntil("a heartbeat") { stream.events.contains { $0.hasPrefix("event: alive") } }
            let zone = try await hub.store.property(HubProperty.defaultID).policy.timeZone
            let shown = DateFormatter()
            (shown.timeZone, shown.dateFormat) = (zone, "yyyy-MM-dd HH:mm")
            #expect(stream.events.first { $0.hasPrefix("event: alive") } == "event: alive\ndata: \(shown.string(from: now))")
            let today = stream.events.firstIndex { $0.hasPrefix("event: today") }
            let alive = stream.events.firstIndex { $0.hasPrefix("event: alive") }
            #expect(try #require(today) < #require(alive), "the page comes before the first heartbeat")
        }
    }
}

/// The console's live stream (`GET /live`) as a browser holds it open: its events (blocks of lines) as they arrive,
/// and whether it has ended.
final class LiveStream: Sendable {
    private let state = Mutex((events: [String](), ended: false))

    var events: [String] { state.withLock { $0.events } }
    var ended: Bool { state.withLock { $0.ended } }

    /// Opens the stream with the session `cookie` and reads it in the background until it ends.
    static func open(port: Int, cookie: String, client: HTTPClient) async throws -> LiveStream {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/live")
        request.headers.add(name: "Cookie", value: cookie)
        let response = try await client.execute(request, timeout: .seconds(60))
        let stream = LiveStream()
        Task {
            var pending = ""
            do {
                for try await chunk in response.body {
                    pending += String(buffer: chunk)
                    while let end = pending.range(of: "\n\n") {
                        let event = String(pending[..<end.lowerBound])
                        pending.removeSubrange(..<end.upperBound)
                        stream.state.withLock { $0.events.append(event) }
                    }
                }
            } catch {
                // A broken stream has ended too.
            }
            stream.state.withLock { $0.ended = true }
        }
        return stream
    }
}
