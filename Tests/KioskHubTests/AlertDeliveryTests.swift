import AsyncHTTPClient
import Foundation
import KioskCore
import KioskTesting
import KioskWire
import Logging
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// Delivering alerts from the outbox, on both backends: a real receiver on loopback that fails its first answers
/// and checks every signature, a command that fails and then succeeds, and giving up after 24 hours.
@Suite struct AlertDeliveryTests {
    static let secret = "hook secret 42"

    static func service(
        _ store: HubStore,
        channels: [AlertChannel],
        clock: SteppedClock,
        interval: Duration = .seconds(5),
        limits: AlertDeliveryLimits = AlertDeliveryLimits()
    ) -> AlertService {
        var logger = Logger(label: "alerts-test")
        logger.logLevel = .critical
        return AlertService(
            store: store,
            settings: AlertSettings(channels: channels),
            clock: clock.wallClock,
            interval: interval,
            backoff: SyncBackoff(base: .seconds(60), cap: .seconds(3600)),
            limits: limits,
            logger: logger
        )
    }

    /// A hub (UTC) with S001 out since 18:00 on 2026-11-21: `not_returned` is due from 22:45.
    static func hubWithAStudentOut() async throws -> (HubFixture, HubStore) {
        let hub = try await AlertDecisionTests.hub()
        let store = HubStore(
            storage: hub.store.storage,
            defaultProperty: HubProperty(id: "default", name: "PG", policy: AttendancePolicy(timeZone: .gmt))
        )
        try await AlertDecisionTests.record(hub, seq: 1, student: "S001", uid: "04A1B2C3", direction: .out, at: "18:00")
        return (hub, store)
    }

    @Test func aWebhookIsRetriedUntilItAnswers2xxAndEverySignatureChecks() async throws {
        let (hub, store) = try await Self.hubWithAStudentOut()
        let secretFile = hub.directory + "/hook-secret"
        try Data((Self.secret + "\n").utf8).write(to: URL(fileURLWithPath: secretFile))
        let receiver = AlertReceiver(secret: Self.secret, failures: 2)
        let clock = SteppedClock(AlertDecisionTests.at("22:50"))
        try await withRunning(receiver.application) { port in
            let channel = AlertChannel(delivery: .webhook(url: "http://127.0.0.1:\(port)/hook", secretFile: secretFile))
            let service = Self.service(store, channels: [channel], clock: clock)
            try await HTTPClientScope.run { client in
                for _ in 0..<3 {
                    await service.pass(client: client)
                    clock.advance(seconds: 3600)
                }
                await service.pass(client: client)
            }
        }
        let tally = receiver.tally
        #expect(tally.requests.count == 3)
        #expect(tally.requests.allSatisfy { $0.signed })
        let record = try #require(try await store.alerts().first)
        #expect(tally.accepted == [record.alert.id: 1])
        let body = try #require(tally.bodies[record.alert.id])
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["event"] as? String == "not_returned")
        #expect(json["property"] as? String == "default")
        #expect(json["kiosk"] is NSNull)
        #expect((json["students"] as? [[String: Any]])?.first?["studentId"] as? String == "S001")
        #expect(record.deliveries.map(\.state) == [.delivered])
        #expect(record.deliveries.first?.attempts == 3)
    }

    @Test func aCommandThatFailsThenSucceedsGetsTheAlertOnItsInput() async throws {
        let (hub, store) = try await Self.hubWithAStudentOut()
        let script = hub.directory + "/notify-warden"
        let received = hub.directory + "/received.json"
        try """
        #!/bin/sh
        # Fails the first time it runs, then keeps what it reads.
        if [ ! -e "\(hub.directory)/ran-once" ]; then touch "\(hub.directory)/ran-once"; echo "gateway down" >&2; exit 3; fi
        cat > "\(received)"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let clock = SteppedClock(AlertDecisionTests.at("22:50"))
        let service = Self.service(store, channels: [AlertChannel(delivery: .command([script]))], clock: clock)
        try await HTTPClientScope.run { client in
            await service.pass(client: client)
            let failed = try #require(try await store.alerts().first?.deliveries.first)
            #expect(failed.state == .pending)
            #expect(failed.lastError?.contains("exited 3: gateway down") == true)
            clock.advance(seconds: 3600)
            await service.pass(client: client)
        }
        let record = try #require(try await store.alerts().first)
        #expect(record.deliveries.map(\.state) == [.delivered])
        let json = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: received))) as? [String: Any])
        #expect(json["id"] as? String == record.alert.id)
    }

    @Test func aDeliveryFailingForADayIsMarkedFailed() async throws {
        let (hub, store) = try await Self.hubWithAStudentOut()
        let clock = SteppedClock(AlertDecisionTests.at("22:50"))
        let service = Self.service(store, channels: [AlertChannel(delivery: .command(["/bin/false"]))], clock: clock)
        try await HTTPClientScope.run { client in
            for _ in 0..<30 {
                await service.pass(client: client)
                clock.advance(seconds: 3600)
            }
        }
        let delivery = try #require(try await store.alerts().first?.deliveries.first)
        #expect(delivery.state == .failed)
        #expect(delivery.attempts > 1)
        withExtendedLifetime(hub) {}
    }
}

extension AlertService {
    /// One round of the service's loops: the decisions, then each channel's due deliveries once.
    func pass(client: HTTPClient) async {
        await decide(AlertAgenda())
        for key in channels.keys.sorted() { await deliverDue(.only(key), client: client) }
    }
}
