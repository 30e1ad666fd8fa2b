public import AsyncHTTPClient
import Foundation
import HTTPTypes
public import Hummingbird
import KioskWire
import Logging
import NIOCore
import NIOHTTP1

/// A fault-injecting HTTP proxy between a kiosk and the hub, for the sync tests and kiosk-faults.
public enum FaultProxy {
    /// The proxy in front of the hub on `hubPort`, applying `script` to each push.
    public static func application(
        hubPort: Int,
        script: FaultScript,
        http: HTTPClient,
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> Application<RouterResponder<BasicRequestContext>> {
        application(hubPorts: [hubPort], script: script, http: http, onServerRunning: onServerRunning)
    }

    /// The proxy in front of several hubs on one database (`hubPorts`, not empty), each request forwarded to one of
    /// them at random, applying `script` to each push.
    public static func application(
        hubPorts: [Int],
        script: FaultScript,
        http: HTTPClient,
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> Application<RouterResponder<BasicRequestContext>> {
        precondition(!hubPorts.isEmpty, "a fault proxy needs a hub")
        let anyHub = { @Sendable in hubPorts[Int.random(in: hubPorts.indices)] }
        let router = Router()
        router.post("v1/events") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
            let batch = try JSONDecoder().decode(EventBatch.self, from: Data(body.readableBytesView))
            let (fault, forwarded, arrival) = await script.next(batch)
            let answer = try await apply(fault, to: forwarded, authorization: request.headers[.authorization] ?? "", hubPort: anyHub(), http: http)
            await script.answered(retryAfter: answer.headers[.retryAfter], request: arrival)
            return answer
        }
        for path in ["v1/roster", "v1/events", "v1/photos/:student"] {
            router.get(RouterPath(path)) { request, _ in
                let arrival = await script.arrived()
                let answer = try await forwardPull(request, hubPort: anyHub(), http: http)
                await script.answered(retryAfter: answer.headers[.retryAfter], request: arrival)
                return answer
            }
        }
        for path in [WirePaths.corrections, WirePaths.checkpoints] {
            router.post(RouterPath(String(path.dropFirst()))) { request, _ in
                try await forwardPost(request, hubPort: anyHub(), http: http)
            }
        }
        // Its own start and stop (connections cut on purpose) are no news: only critical lines.
        var logger = Logger(label: "fault-proxy")
        logger.logLevel = .critical
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// What the proxy answers a push under `fault`, forwarding it to the hub on `hubPort` unless the fault answers alone.
    private static func apply(_ fault: Fault, to batch: EventBatch, authorization: String, hubPort: Int, http: HTTPClient) async throws -> Response {
        switch fault {
        case .pass:
            return try await forward(batch, authorization: authorization, hubPort: hubPort, http: http)
        case .status(let status, let retryAfter):
            var headers = HTTPFields()
            if let retryAfter { headers[.retryAfter] = retryAfter }
            return Response(status: HTTPResponse.Status(code: status), headers: headers)
        case .resetMidBody:
            return brokenAnswer()
        case .loseResponse:
            _ = try await forward(batch, authorization: authorization, hubPort: hubPort, http: http)
            return brokenAnswer()
        case .slow(let delay):
            try await Task.sleep(for: delay)
            return try await forward(batch, authorization: authorization, hubPort: hubPort, http: http)
        }
    }

    /// How long the proxy waits for the hub: as patient as the tests' kiosks (five minutes), since a hub beside a
    /// whole suite on two cores, or on a PostgreSQL server that suite shares, may take a minute to answer (the proxy
    /// answers 500 when this runs out).
    private static let upstreamTimeout = TimeAmount.seconds(300)

    /// Forwards a push to the hub on `hubPort` and returns its answer.
    private static func forward(_ batch: EventBatch, authorization: String, hubPort: Int, http: HTTPClient) async throws -> Response {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(hubPort)/v1/events")
        request.method = .POST
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        return try await relay(try await http.execute(request, timeout: upstreamTimeout))
    }

    /// Passes a post other than a push through unchanged, with its token, content type and log key.
    private static func forwardPost(_ request: Request, hubPort: Int, http: HTTPClient) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
        var forwarded = HTTPClientRequest(url: "http://127.0.0.1:\(hubPort)\(request.uri.string)")
        forwarded.method = .POST
        for name in [HTTPField.Name.authorization, .contentType] + [HTTPField.Name(WirePaths.logKeyHeader)].compactMap({ $0 }) {
            if let value = request.headers[name] { forwarded.headers.add(name: name.rawName, value: value) }
        }
        forwarded.body = .bytes(body)
        return try await relay(try await http.execute(forwarded, timeout: upstreamTimeout))
    }

    /// Passes a pull through unchanged, with its query, token and `If-None-Match`.
    private static func forwardPull(_ request: Request, hubPort: Int, http: HTTPClient) async throws -> Response {
        var forwarded = HTTPClientRequest(url: "http://127.0.0.1:\(hubPort)\(request.uri.string)")
        if let token = request.headers[.authorization] { forwarded.headers.add(name: "Authorization", value: token) }
        if let etag = request.headers[.ifNoneMatch] { forwarded.headers.add(name: "If-None-Match", value: etag) }
        return try await relay(try await http.execute(forwarded, timeout: upstreamTimeout))
    }

    /// The hub's answer as the proxy's: its status, body, and the headers a kiosk acts on (`Content-Type`, `ETag`,
    /// `Retry-After`, `Hub-Time`).
    private static func relay(_ response: HTTPClientResponse) async throws -> Response {
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        var headers: HTTPFields = [.contentType: response.headers.first(name: "Content-Type") ?? "application/json"]
        if let etag = response.headers.first(name: "ETag") { headers[.eTag] = etag }
        if let retryAfter = response.headers.first(name: "Retry-After") { headers[.retryAfter] = retryAfter }
        if let hubTime = response.headers.first(name: WirePaths.hubTimeHeader), let name = HTTPField.Name(WirePaths.hubTimeHeader) {
            headers[name] = hubTime
        }
        return Response(status: HTTPResponse.Status(code: Int(response.status.code)), headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A 200 whose body stops half-way: the connection is closed before the promised length arrives.
    private static func brokenAnswer() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json", .contentLength: "1000"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: #"{"results":[{"id":"#))
                throw CancellationError()
            }
        )
    }
}
