import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import KioskConsole
import KioskCore
import KioskTesting
import KioskWire
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import KioskHub
@testable import KioskHubPostgres
@testable import KioskHubServer
@testable import KioskHubStorage

/// A hub with a fresh database in a temporary directory, served on a loopback port by the real server.
struct HubFixture {
    let store: HubStore
    /// Removed with everything in it when the last copy of the fixture goes away.
    private let scratch: ScratchDirectory
    var directory: String { scratch.path }

    /// A hub on a new database: SQLite, or PostgreSQL when the run names a server (`TestDatabase`).
    init() async throws {
        scratch = try ScratchDirectory("hub")
        store = try await TestDatabase.hubStore(directory: scratch.path)
    }

    /// Runs one SQL statement on the hub's database directly, whichever backend it is, and returns the first column
    /// of each row as text (to break the database on purpose, or look at what it holds).
    func sql(_ statement: String) async throws -> [String] {
        if let postgres = store.storage as? PostgresHubStorage {
            var values: [String] = []
            for try await row in try await postgres.client.query(PostgresQuery(unsafeSQL: statement)) {
                values.append((try? row.decode(String.self)) ?? "")
            }
            return values
        }
        return try await DatabaseQueue(path: directory + "/hub.sqlite").write { db in try String.fetchAll(db, sql: statement) }
    }

    /// Runs `body` against the real server listening on loopback, closing connections idle for `idleTimeoutSeconds`,
    /// with the web console on `clock` and its live Today pages' heartbeat every `liveHeartbeat`.
    func serve<Value: Sendable>(
        idleTimeoutSeconds: Int = 30,
        clock: WallClock = .system,
        liveHeartbeat: Duration = .seconds(10),
        passRequests: PassRequestSettings = PassRequestSettings(),
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let configuration = HubConfiguration(host: "127.0.0.1", port: 0, dataDirectory: directory, idleTimeoutSeconds: idleTimeoutSeconds)
        var logger = Logger(label: "hub-test")
        logger.logLevel = .warning
        let application = HubServer.application(
            store: store,
            configuration: configuration,
            clock: clock,
            logger: logger,
            additionalRoutes: { router in
                ConsoleRoutes(store: store, clock: clock, liveHeartbeat: liveHeartbeat, passRequests: passRequests).add(to: router)
                ParentApprovalRoutes(store: store, publicURL: passRequests.publicURL, clock: clock).add(to: router)
            }
        )
        return try await application.test(.live, body)
    }

    /// A batch of `count` valid tap events of `kiosk`, numbered from `firstSeq`.
    static func batch(kiosk: String, count: Int, firstSeq: Int64 = 1) -> EventBatch {
        EventBatch(kioskId: kiosk, events: (0..<count).map { offset in event(kiosk: kiosk, seq: firstSeq + Int64(offset)) })
    }

    static func event(kiosk: String, seq: Int64) -> WireEvent {
        WireEvent(
            id: UUID().uuidString.lowercased(),
            kioskId: kiosk,
            seq: seq,
            reader: "entrance",
            uid: "04A1B2C3",
            studentId: "S001",
            kind: .tap,
            direction: .in,
            outcome: .accepted,
            reason: nil,
            occurredAt: "2026-11-21T15:33:00.125Z",
            recordedAt: "2026-11-21T15:33:00.130Z",
            monotonicNs: seq,
            bootId: "boot-1",
            clockSynced: true
        )
    }
}

extension TestClientProtocol {
    /// Sends `body` as JSON with `token` as the bearer token (none when nil).
    func send(_ method: HTTPRequest.Method, _ uri: String, token: String?, body: ByteBuffer? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: body)
    }

    /// Pushes `batch` and decodes the answer; fails the test unless it is 200.
    func push(_ batch: EventBatch, token: String) async throws -> [EventResult] {
        let response = try await send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        #expect(response.status == .ok)
        return try JSONDecoder().decode(EventBatchResponse.self, from: Data(response.body.readableBytesView)).results
    }
}

extension TestResponse {
    /// The `WireProblem` body of an error answer.
    var problem: WireProblem? { try? JSONDecoder().decode(WireProblem.self, from: Data(body.readableBytesView)) }
}
