import Foundation
import KioskCore
import KioskTesting
import Testing

/// `kiosk-hub serve` on PostgreSQL through database outages, the database reached through a `TCPRelay` that the
/// test opens and cuts: down when the hub starts (it listens anyway, answers 503 with `Retry-After` on every path,
/// `/healthz` included, and says why), and gone mid-run (503 again); each time it recovers by itself, without a
/// restart, once the database answers again. Needs `KIOSK_TEST_POSTGRES_SERVER`.
@Suite struct HubDatabaseOutageTests {
    @Test func theHubAnswers503UntilTheDatabaseIsThereAndRecoversWithoutARestart() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let target = try await TestDatabase.createDatabase(on: server)
        let relay = try TCPRelay(targetPort: target.port)
        let throughRelay = "postgres://\(target.user):\(target.password ?? "")@127.0.0.1:\(relay.port)/\(target.database)"
        let hub = try HubSandbox()
        let serve = try LoggedProcess.hub(
            ["serve", "--port", "0", "--data-dir", hub.directory],
            environment: ["KIOSK_HUB_DATABASE_URL": throughRelay]
        )
        _ = try await serve.line(containing: "listening on")
        _ = try await serve.line(containing: "waiting for the hub database")
        let line = try #require(serve.output.first { $0.contains("listening on") })
        let base = "http://127.0.0.1:\(line.split(separator: ":").last ?? "")"

        let down = try await HTTPProbe.get(base + "/healthz")
        #expect(down.status == 503)
        #expect(down.retryAfter != nil)
        #expect(down.body.contains("not ready") && down.body.contains("cannot be reached"))
        #expect(try await HTTPProbe.get(base + "/v1/roster", token: "kh_anything").status == 503)
        #expect(!serve.output.joined().contains(target.password ?? "no password"))

        try relay.open()
        #expect(try await HTTPProbe.await(200, from: base + "/healthz").status == 200)
        let direct = "postgres://\(target.user):\(target.password ?? "")@127.0.0.1:\(target.port)/\(target.database)"
        let created = try KioskRun(
            ["token", "create", "--kiosk", "gate-1", "--data-dir", hub.directory],
            environment: ["KIOSK_HUB_DATABASE_URL": direct],
            executable: HubSandbox.executable
        )
        let token = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        #expect(try await HTTPProbe.get(base + "/v1/roster", token: token).status == 200)

        // The database goes away mid-run: 503 with Retry-After, then service again once it is back.
        relay.cut()
        let gone = try await HTTPProbe.get(base + "/v1/roster", token: token)
        #expect(gone.status == 503)
        #expect(gone.retryAfter != nil)
        try relay.open()
        #expect(try await HTTPProbe.await(200, from: base + "/v1/roster", token: token).status == 200)
        #expect(try await serve.terminate() != nil)
        #expect(try await serve.exitStatus() == 0)
    }

    /// SIGTERM while the database cannot be reached stops `serve` at once, cleanly.
    @Test func serveStopsOnSIGTERMWhileWaitingForTheDatabase() async throws {
        let hub = try HubSandbox()
        // Port 1 on loopback: nothing listens there, connections are refused.
        let serve = try LoggedProcess.hub(
            ["serve", "--port", "0", "--data-dir", hub.directory],
            environment: ["KIOSK_HUB_DATABASE_URL": "postgres://kiosk:pw@127.0.0.1:1/kiosk"]
        )
        _ = try await serve.line(containing: "waiting for the hub database")
        #expect(try await serve.terminate() != nil)
        #expect(try await serve.exitStatus() == 0)
    }

    /// A database that refuses the hub's login is not an outage: `serve` ends with 78 and the server's words, the
    /// password masked.
    @Test func aRefusedLoginEndsServeWithAConfigurationError() throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let wrong = "postgres://\(server.user):not-the-password@127.0.0.1:\(server.port)/\(server.database)"
        let hub = try HubSandbox()
        let run = try KioskRun(
            ["serve", "--port", "0", "--data-dir", hub.directory],
            environment: ["KIOSK_HUB_DATABASE_URL": wrong],
            executable: HubSandbox.executable
        )
        #expect(run.status == 78)
        #expect(run.stderr.contains("refused the connection") && run.stderr.contains("\(server.user):***@"))
        #expect(!run.stderr.contains("not-the-password"))
    }
}
