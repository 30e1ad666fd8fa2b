import Foundation
import KioskCore
import KioskTesting
import KioskWire
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Testing

@testable import KioskHub

/// One slow alert channel holds up nothing else: a command's time limit ends it (SIGKILL after a grace) without
/// waiting for its children's pipes, a webhook that never answers delays neither another channel nor the decisions,
/// and the hub stops at once whatever a channel is doing.
@Suite struct AlertChannelLimitTests {
    static let shortLimits = AlertDeliveryLimits(command: .seconds(1), commandGrace: .seconds(1), webhook: .seconds(60))

    @Test func aCommandIgnoringSIGTERMIsKilledAfterTheGrace() async throws {
        // Left alone it would exit 0 after 30 s: only SIGKILL after the 1 s limit and grace ends it.
        let failure = await AlertCommand.run(["/bin/sh", "-c", "trap '' TERM; sleep 30"], input: Data("{}".utf8), limits: Self.shortLimits)
        #expect(failure?.contains("was killed by signal \(SIGKILL)") == true, "\(failure ?? "delivered")")
    }

    @Test func aProgramLeavingAChildBehindIsDoneWhenItExits() async throws {
        // The child keeps standard input and standard error open until the test lets it go, after the run returned;
        // the program never reads its (large) input. Waiting for either would run into the limit and fail the run.
        let scratch = try ScratchDirectory("alert-command")
        let release = scratch.path + "/release"
        let failure = await AlertCommand.run(
            ["/bin/sh", "-c", "(while [ ! -e '\(release)' ] && [ -d '\(scratch.path)' ]; do sleep 0.1; done) & echo sent >&2"],
            input: Data(repeating: 0x20, count: 1 << 20),
            limits: AlertDeliveryLimits(command: .seconds(30), commandGrace: .seconds(1), webhook: .seconds(15))
        )
        #expect(FileManager.default.createFile(atPath: release, contents: nil))
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func aWebhookThatNeverAnswersDelaysNeitherAnotherChannelNorTheDecisions() async throws {
        let (hub, store) = try await AlertDeliveryTests.hubWithAStudentOut()
        let secretFile = hub.directory + "/hook-secret"
        try Data(AlertDeliveryTests.secret.utf8).write(to: URL(fileURLWithPath: secretFile))
        // A port that takes connections (an empty pipeline) and never answers.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let receiver = AlertReceiver(secret: AlertDeliveryTests.secret, failures: 0)
        try await withRunning(receiver.application) { port in
            let channels = [try #require(silent.localAddress?.port), port].map {
                AlertChannel(delivery: .webhook(url: "http://127.0.0.1:\($0)/hook", secretFile: secretFile))
            }
            let service = Self.service(store, channels: channels, limits: Self.shortLimits)
            try await Self.running(service) {
                // Bounds below the silent webhook's 60 s: the answering one does not wait behind it.
                try await waitUntil("the answering webhook's not_returned", within: .seconds(30)) { receiver.tally.accepted.count == 1 }
                // S001 comes back while the silent webhook still holds its not_returned: late_arrival is decided and sent.
                try await AlertDecisionTests.record(hub, seq: 2, student: "S001", uid: "04A1B2C3", direction: .in, at: "22:48")
                try await waitUntil("the answering webhook's late_arrival", within: .seconds(30)) { receiver.tally.accepted.count == 2 }
            }
        }
        try await silent.close()
        let alerts = try await store.alerts()
        #expect(Set(alerts.map(\.alert.event)) == [.notReturned, .lateArrival])
        // The stop ended the silent webhook's attempt at once: waiting out its 60 s would have recorded a failure.
        let silentDeliveries = alerts.flatMap(\.deliveries).filter { $0.state != .delivered }
        #expect(!silentDeliveries.isEmpty && silentDeliveries.allSatisfy { $0.state == .pending && $0.attempts == 0 })
    }

    @Test func theHubStopsAtOnceWhileACommandHangsAndRecordsNothingOfIt() async throws {
        let (hub, store) = try await AlertDeliveryTests.hubWithAStudentOut()
        let started = hub.directory + "/started"
        let command = AlertChannel(delivery: .command(["/bin/sh", "-c", "touch '\(started)'; trap '' TERM; sleep 30"]))
        try await Self.running(Self.service(store, channels: [command], limits: AlertDeliveryLimits())) {
            // A bound for a broken run: the whole suite starting at once can hold the first decision up for seconds.
            try await waitUntil("the command's start", within: .seconds(60)) { FileManager.default.fileExists(atPath: started) }
        }
        // The attempt the stop ended is not an outcome: the delivery is tried again once its lease ends.
        let delivery = try #require(try await store.alerts().first?.deliveries.first)
        #expect(delivery.state == .pending)
        #expect(delivery.attempts == 0)
    }

    static func service(_ store: HubStore, channels: [AlertChannel], limits: AlertDeliveryLimits) -> AlertService {
        AlertDeliveryTests.service(
            store,
            channels: channels,
            clock: SteppedClock(AlertDecisionTests.at("22:50")),
            interval: .milliseconds(100),
            limits: limits
        )
    }

    /// Runs `service` in a service group while `body` runs, then stops the group as SIGTERM does `serve`'s.
    static func running(_ service: AlertService, _ body: () async throws -> Void) async throws {
        let group = ServiceGroup(services: [service], logger: Logger(label: "alerts-test"))
        let running = Task { try await group.run() }
        var failure: (any Error)?
        do { try await body() } catch { failure = error }
        await group.triggerGracefulShutdown()
        try await running.value
        if let failure { throw failure }
    }
}
