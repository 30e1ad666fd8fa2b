import AsyncHTTPClient
import Foundation
import KioskCore
import KioskScreen
import Logging
import NIOCore
import NIOHTTP1
import Testing

/// The screen page's server on a real loopback port, through a real HTTP client: the page, its events as they are
/// sent, the greeted student's photo only while greeted, and nothing else.
@Suite struct ScreenServerTests {
    /// Runs a server on a free loopback port for `body`.
    private func withServer(_ body: (ScreenFeed, String) async throws -> Void) async throws {
        let feed = ScreenFeed()
        let port = try LoopbackPort.free()
        let server = ScreenServer(address: ListenAddress("127.0.0.1:\(port)")!, feed: feed, logger: Logger(label: "screen-test"))
        let (listening, bound) = AsyncStream.makeStream(of: Void.self)
        let running = Task { try await server.run { bound.yield() } }
        defer { running.cancel() }
        let base = "http://127.0.0.1:\(port)"
        for await _ in listening { break }
        try await body(feed, base)
    }

    /// The events read until one contains `marker`; the events ending first is an error.
    private static func read(_ frames: inout HTTPClientResponse.Body.AsyncIterator, until marker: String) async throws -> String {
        var text = ""
        while !text.contains(marker) {
            guard let chunk = try await frames.next() else { throw EventsEnded() }
            text += String(buffer: chunk)
        }
        return text
    }

    @Test func servesThePageAndNothingElse() async throws {
        try await withServer { _, base in
            let page = try await HTTPClient.shared.get(url: base + "/").get()
            #expect(page.status == .ok)
            #expect(page.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("default-src 'self'") == true)
            #expect(String(buffer: page.body ?? ByteBuffer()).contains("new EventSource(\"/events\")"))
            #expect(try await HTTPClient.shared.get(url: base + "/roster").get().status == .notFound)
            #expect(
                try await HTTPClient.shared.execute(request: HTTPClient.Request(url: base + "/", method: .POST)).get().status == .methodNotAllowed
            )
        }
    }

    @Test func aPageHearsTheStatusThenEachGreetingAndSeesThePhotoOnlyWhileGreeted() async throws {
        try await withServer { feed, base in
            let status = ScreenStatus(
                title: "Sunrise PG",
                time: "18:02",
                counts: ScreenCounts(checkedIn: 3, checkedOut: 1, notReturned: 0, absent: 2, onLeave: 1),
                greetingSeconds: 4
            )
            await feed.update(status)
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + "/events"), timeout: .seconds(30))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream; charset=utf-8")
            var frames = response.body.makeAsyncIterator()
            var text = try await Self.read(&frames, until: "event: status")
            #expect(text.contains("retry: 1000"))
            #expect(text.contains("\"title\":\"Sunrise PG\""))

            let photo = StoredPhoto(
                data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]),
                contentType: "image/png",
                digest: String(repeating: "a", count: 64)
            )
            let greeting = ScreenGreeting(id: "e-1", outcome: "IN", name: "राहुल शर्मा", room: "103", detail: nil, hasPhoto: true)
            await feed.greet(greeting, photo: photo, seconds: 4)
            text = try await Self.read(&frames, until: "event: greeting")
            #expect(text.contains("\"name\":\"राहुल शर्मा\""))
            #expect(text.contains("\"photo\":\"/photo/e-1\""))
            let served = try await HTTPClient.shared.get(url: base + "/photo/e-1").get()
            #expect(served.status == .ok && served.headers.first(name: "Content-Type") == "image/png")
            #expect(served.body.map { Data($0.readableBytesView) } == photo.data)
            #expect(try await HTTPClient.shared.get(url: base + "/photo/e-0").get().status == .notFound)

            // The next read's greeting ends the last one's photo.
            await feed.greet(
                ScreenGreeting(id: "e-2", outcome: "UNKNOWN", name: nil, room: nil, detail: "card not registered", hasPhoto: false),
                photo: nil,
                seconds: 4
            )
            #expect(try await HTTPClient.shared.get(url: base + "/photo/e-1").get().status == .notFound)
        }
    }

    /// A page of another site, reaching this port through a DNS name rebound to loopback, names its own host: it is
    /// refused before anything is read, the events and photos included.
    @Test func aRequestNamingAnotherHostIsRefused() async throws {
        try await withServer { feed, base in
            let port = base.split(separator: ":").last.map(String.init) ?? ""
            let answers: [(host: String, path: String, status: HTTPResponseStatus)] = [
                ("evil.example:\(port)", "/", .misdirectedRequest), ("evil.example:\(port)", "/photo/e-1", .misdirectedRequest),
                ("localhost:\(port)", "/", .ok), ("localhost:\(port)", "/photo/e-1", .notFound),
                ("127.0.0.1:\(port)", "/", .ok), ("127.0.0.1:\(port)", "/photo/e-1", .notFound),
            ]
            for (host, path, status) in answers {
                var request = HTTPClientRequest(url: base + path)
                request.headers.replaceOrAdd(name: "Host", value: host)
                let answer = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                #expect(answer.status == status, "\(host)\(path)")
            }
            var events = HTTPClientRequest(url: base + "/events")
            events.headers.replaceOrAdd(name: "Host", value: "evil.example")
            #expect(try await HTTPClient.shared.execute(events, timeout: .seconds(10)).status == .misdirectedRequest)
            #expect(await !feed.hasPages)
        }
    }

    @Test func theAddressNamesItselfLoopbackAsLocalhostAndAWildcardAnyHost() {
        let loopback = ListenAddress("127.0.0.1:8090")!
        #expect(loopback.isNamed(byHost: "127.0.0.1:8090") && loopback.isNamed(byHost: "LocalHost:8090"))
        #expect(!loopback.isNamed(byHost: "localhost:8091") && !loopback.isNamed(byHost: "attacker.example:8090") && !loopback.isNamed(byHost: nil))
        let named = ListenAddress("gate-1.pg.example:8090")!
        #expect(named.isNamed(byHost: "gate-1.pg.example:8090") && !named.isNamed(byHost: "localhost:8090"))
        #expect(ListenAddress("[::1]:8090")!.isNamed(byHost: "[::1]:8090"))
        #expect(ListenAddress("0.0.0.0:8090")!.isNamed(byHost: "192.168.1.20:8090"))
    }

    @Test func initialsAreTheFirstLettersOfTheFirstAndLastNames() {
        #expect(ScreenGreeting(id: "1", outcome: "IN", name: "asha  rani verma", room: nil, detail: nil, hasPhoto: false).initials == "AV")
        #expect(ScreenGreeting(id: "1", outcome: "IN", name: "Priya", room: nil, detail: nil, hasPhoto: false).initials == "P")
        #expect(ScreenGreeting(id: "1", outcome: "IN", name: "राहुल शर्मा", room: nil, detail: nil, hasPhoto: false).initials == "राश")
        #expect(ScreenGreeting(id: "1", outcome: "UNKNOWN", name: nil, room: nil, detail: nil, hasPhoto: false).initials == nil)
    }
}

/// The server ended a page's events before what was waited for.
private struct EventsEnded: Error {}
