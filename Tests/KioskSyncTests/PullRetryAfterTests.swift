import Foundation
import Hummingbird
import KioskCore
import KioskSync
import KioskTesting
import Testing

/// A hub that cannot serve a pull (its database restarting) answers 503 with `Retry-After`; the kiosk keeps it, so
/// its next pass waits as long as the hub asked, as after a push.
@Test func aPullAnswered503KeepsTheHubsRetryAfter() async throws {
    let router = Router()
    for path in ["v1/roster", "v1/events"] {
        router.get(RouterPath(path)) { _, _ in Response(status: .serviceUnavailable, headers: [.retryAfter: "5"]) }
    }
    let makeHub = { (report: @escaping @Sendable (Int) async -> Void) in
        Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await report(channel.localAddress?.port ?? 0) }
        )
    }
    try await withRunning(makeHub) { port in
        let client = try HubClient(
            configuration: SyncConfiguration(hubURL: URL(string: "http://127.0.0.1:\(port)")!, tokenFile: ""),
            token: "kh_test"
        )
        let roster = await client.roster(ifNoneMatch: nil)
        let events = await client.events(after: 0, limit: 10)
        await client.shutdown()
        guard case .unavailable(let reason, let rosterWait) = roster, case .unavailable(_, let eventsWait) = events else {
            Issue.record("a 503 was not taken as the hub being unavailable")
            return
        }
        #expect(reason == "the hub answered HTTP 503")
        #expect(rosterWait == .seconds(5))
        #expect(eventsWait == .seconds(5))
    }
}
