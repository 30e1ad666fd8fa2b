import Foundation
import HTTPTypes
import HummingbirdTesting
import KioskCore
import KioskHubSQLite
import KioskWire
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubStorage

/// Gates' heartbeats on both backends: kept (the latest only), refused whole when a field is wrong, and the offline
/// verdict and alerts 90 s after a gate fell silent, on an injected clock.
@Suite struct HeartbeatTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func heartbeat(kiosk: String = "gate-1", pending: Int64 = 3) -> WireHeartbeat {
        WireHeartbeat(
            kioskId: kiosk,
            version: KioskVersion.current,
            startedAt: WireTime.format(start.addingTimeInterval(-3600)),
            pending: pending,
            oldestPendingAt: WireTime.format(start.addingTimeInterval(-600)),
            quarantined: 0,
            clockSynced: true,
            clockOffsetMs: -250,
            readers: [WireReaderHealth(name: "entrance", state: .up), WireReaderHealth(name: "exit", state: .failing)],
            journalBytes: 4_096_000,
            freeBytes: 12_000_000_000,
            checkpointSize: 40
        )
    }

    static func body(_ heartbeat: WireHeartbeat) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(heartbeat))
    }

    /// `heartbeat`'s JSON with `field` set to `value` (JSON text).
    static func body(_ heartbeat: WireHeartbeat, setting field: String, to value: String) throws -> ByteBuffer {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(heartbeat)) as? [String: Any])
        #expect(object.keys.contains(field), "\(field) is in the heartbeat")
        object[field] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        return ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    @Test func theLatestHeartbeatIsKeptAndShownAsATile() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: ConsoleSecurityTests.password)
        try await hub.serve { client in
            let first = try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat(pending: 3)))
            #expect(first.status == .noContent)
            let second = try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat(pending: 7)))
            #expect(second.status == .noContent)
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", ConsoleSecurityTests.password)
            let page = try await browser.get("/gates").text
            #expect(page.contains("data-gate=\"gate-1\""))
            #expect(page.contains("7, the oldest"))
            #expect(page.contains("entrance up, exit FAILING"))
            #expect(page.contains("journal 4.1 MB, 12 GB free"))
            #expect(page.contains("synchronised, 0.2 s ahead of the hub") || page.contains("synchronised, 0.3 s ahead of the hub"))
        }
        let kept = try #require(try await hub.store.heartbeats(property: "default")["gate-1"])
        #expect(kept.heartbeat == Self.heartbeat(pending: 7))
    }

    /// A gate that heartbeats but does not push: its tile shows the backlog growing and its oldest event ageing, then
    /// the gate offline once its heartbeats stop for 90 s.
    @Test func aGateHeartbeatingWithoutSyncingShowsItsBacklogGrowingThenOffline() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: ConsoleSecurityTests.password)
        let now = Mutex(Self.start)
        let clock = WallClock { now.withLock { $0 } }
        try await hub.serve(clock: clock) { (client: any TestClientProtocol) async throws -> Void in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.signIn("asha", ConsoleSecurityTests.password)
            for (seconds, pending) in [(0, 3), (30, 9), (60, 14)] as [(TimeInterval, Int64)] {
                now.withLock { $0 = Self.start.addingTimeInterval(seconds) }
                let answer = try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat(pending: pending)))
                #expect(answer.status == .noContent)
                let tile = try Self.tile(of: "gate-1", in: try await browser.get("/gates").text)
                #expect(tile.contains("class=\"tile up\""), "\(tile)")
                // The oldest pending event was recorded 600 s before the first heartbeat.
                #expect(tile.contains("\(pending), the oldest \(10 + Int(seconds) / 60) min old"), "\(tile)")
            }
            now.withLock { $0 = Self.start.addingTimeInterval(60 + 90) }
            let silent = try Self.tile(of: "gate-1", in: try await browser.get("/gates").text)
            #expect(silent.contains("class=\"tile offline\""), "\(silent)")
            #expect(silent.contains("14, the oldest 12 min old"), "\(silent)")
        }
    }

    /// The tile of gate `kioskID` on a Gates page.
    static func tile(of kioskID: String, in page: String) throws -> String {
        let start = try #require(page.range(of: "<li class=\"tile"), "a tile on the page")
        let tile = page[start.lowerBound...]
        let end = try #require(tile.range(of: "</li>"), "the tile's end")
        let text = String(tile[..<end.upperBound])
        #expect(text.contains("data-gate=\"\(kioskID)\""))
        return text
    }

    @Test func aHeartbeatWithAWrongFieldIsRefusedNamingItAndNothingIsKept() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        let valid = Self.heartbeat()
        try await hub.serve { client in
            for (field, value) in [
                ("pending", "\"5\""), ("pending", "-1"), ("quarantined", "-2"), ("freeBytes", "1.5"), ("clockSynced", "\"yes\""),
                ("clockOffsetMs", "315360000000"), ("startedAt", "\"yesterday\""), ("oldestPendingAt", "\"2026-13-01T00:00:00Z\""),
                ("version", "\"\""), ("checkpointSize", "-40"), ("journalBytes", "null"),
            ] {
                let answer = try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(valid, setting: field, to: value))
                #expect(answer.status == .badRequest, "\(field) = \(value)")
                let problem = try JSONDecoder().decode(WireProblem.self, from: Data(answer.body.readableBytesView))
                #expect(problem.field == field, "\(field) = \(value): \(problem)")
            }
            let badReader = try await client.send(
                .post,
                WirePaths.heartbeat,
                token: token,
                body: try Self.body(valid, setting: "readers", to: "[{\"name\":\"entrance\",\"state\":\"sleepy\"}]")
            )
            #expect(badReader.status == .badRequest)
            #expect(try JSONDecoder().decode(WireProblem.self, from: Data(badReader.body.readableBytesView)).field == "readers[0].state")
            let other = try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat(kiosk: "gate-2")))
            #expect(other.status == .forbidden)
            #expect(try await client.send(.post, WirePaths.heartbeat, token: nil, body: try Self.body(valid)).status == .unauthorized)
        }
        #expect(try await hub.store.heartbeats(property: "default").isEmpty)
    }

    @Test func aGateSilentForNinetySecondsIsOfflineAndBackWithItsNextHeartbeat() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        let now = Mutex(Self.start)
        let clock = WallClock { now.withLock { $0 } }
        let settings = AlertSettings()
        #expect(settings.gateOfflineSeconds == 90)
        try await hub.serve(clock: clock) { (client: any TestClientProtocol) async throws -> Void in
            #expect(try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat())).status == .noContent)
            let justBefore = Self.start.addingTimeInterval(89)
            #expect(try await hub.store.gateStates(property: "default", now: justBefore, offlineSeconds: 90).map(\.health.offline) == [false])
            #expect(try await hub.store.decideAlerts(settings: settings, now: justBefore).isEmpty)
            let silent = Self.start.addingTimeInterval(90)
            #expect(try await hub.store.gateStates(property: "default", now: silent, offlineSeconds: 90).map(\.health.offline) == [true])
            #expect(try await hub.store.decideAlerts(settings: settings, now: silent).map(\.event) == [.gateOffline])

            now.withLock { $0 = Self.start.addingTimeInterval(120) }
            #expect(try await client.send(.post, WirePaths.heartbeat, token: token, body: try Self.body(Self.heartbeat())).status == .noContent)
            let back = Self.start.addingTimeInterval(121)
            #expect(try await hub.store.gateStates(property: "default", now: back, offlineSeconds: 90).map(\.health.offline) == [false])
            #expect(try await hub.store.decideAlerts(settings: settings, now: back).map(\.event) == [.gateBack])
        }
    }

    /// A heartbeat is written with the others received meanwhile, and before anything reads the gates through the store:
    /// kept, it is not in the database yet; read, it is.
    @Test func aKeptHeartbeatIsWrittenBeforeTheGatesAreRead() async throws {
        let hub = try await HubFixture()
        try hub.store.keepHeartbeat(Self.heartbeat(pending: 7), property: "default", receivedAt: Self.start)
        try hub.store.keepHeartbeat(Self.heartbeat(kiosk: "gate-2", pending: 1), property: "default", receivedAt: Self.start)
        try hub.store.keepHeartbeat(Self.heartbeat(pending: 8), property: "default", receivedAt: Self.start.addingTimeInterval(30))
        #expect(try await hub.store.storage.heartbeats(property: "default").isEmpty)
        let read = try await hub.store.heartbeats(property: "default")
        #expect(read.mapValues(\.heartbeat.pending) == ["gate-1": 8, "gate-2": 1])
        #expect(try await hub.store.storage.heartbeats(property: "default").count == 2)
        // One received earlier than the one written changes nothing.
        try hub.store.keepHeartbeat(Self.heartbeat(pending: 3), property: "default", receivedAt: Self.start)
        #expect(try await hub.store.heartbeats(property: "default")["gate-1"]?.heartbeat.pending == 8)
    }

    /// A restarted hub still knows each gate's last state: the heartbeats' writer writes what was kept when the hub
    /// stops, and it is in the database.
    @Test func aRestartedHubKeepsTheGatesLastHeartbeats() async throws {
        let hub = try await HubFixture()
        let writer = HeartbeatWriter(store: hub.store, interval: .seconds(3600), logger: Logger(label: "heartbeat-test"))
        let group = ServiceGroup(services: [writer], logger: Logger(label: "heartbeat-test"))
        try hub.store.keepHeartbeat(Self.heartbeat(pending: 11), property: "default", receivedAt: Self.start)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let reopened: HubStore
        if hub.store.storage is SQLiteHubStorage {
            reopened = try HubStore.open(dataDirectory: hub.directory)
        } else {
            reopened = HubStore(storage: hub.store.storage)
        }
        let kept = try #require(try await reopened.heartbeats(property: "default")["gate-1"])
        #expect(kept.heartbeat.pending == 11)
        #expect(kept.receivedAt == Self.start)
    }
}
