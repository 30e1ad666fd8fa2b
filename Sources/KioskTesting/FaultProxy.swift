public import AsyncHTTPClient
import Foundation
public import Hummingbird
import KioskWire
import NIOCore
import NIOHTTP1

/// What the proxy does to one push.
public enum Fault: Sendable {
    /// Forward it and return the hub's answer.
    case pass
    /// Answer this status without forwarding, with a `Retry-After` when given.
    case status(Int, retryAfter: String?)
    /// Start a 200 answer and cut the connection in the middle of its body, without forwarding.
    case resetMidBody
    /// Forward it (the hub commits), then cut the connection instead of answering.
    case loseResponse
    /// Wait this long, then forward it and answer.
    case slow(Duration)
}

/// The faults to apply, in order, and events to damage or refuse; shared by the proxy's requests.
public actor FaultScript {
    private var faults: [Fault]
    /// Events the proxy damages (an invalid UID) before forwarding, so the hub rejects them.
    private let damaged: Set<String>
    /// Batches holding any of these events get 422 for the whole batch.
    private let refused: Set<String>
    public private(set) var pushes = 0

    public init(_ faults: [Fault] = [], damaged: Set<String> = [], refused: Set<String> = []) {
        self.faults = faults
        self.damaged = damaged
        self.refused = refused
    }

    /// The fault for the next push, and the batch as it is to be forwarded.
    func next(_ batch: EventBatch) -> (Fault, EventBatch) {
        pushes += 1
        if batch.events.contains(where: { refused.contains($0.id) }) { return (.status(422, retryAfter: nil), batch) }
        var forwarded = batch
        for index in forwarded.events.indices where damaged.contains(forwarded.events[index].id) { forwarded.events[index].uid = "damaged" }
        return (faults.isEmpty ? .pass : faults.removeFirst(), forwarded)
    }
}

/// A fault-injecting HTTP proxy between a kiosk and the hub, for the sync tests and kiosk-faults.
public enum FaultProxy {
    /// The proxy in front of the hub on `hubPort`, applying `script` to each push.
    public static func application(
        hubPort: Int,
        script: FaultScript,
        http: HTTPClient,
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> Application<RouterResponder<BasicRequestContext>> {
        let router = Router()
        router.post("v1/events") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
            let batch = try JSONDecoder().decode(EventBatch.self, from: Data(body.readableBytesView))
            let (fault, forwarded) = await script.next(batch)
            let authorization = request.headers[.authorization] ?? ""
            switch fault {
            case .pass:
                return try await forward(forwarded, authorization: authorization, hubPort: hubPort, http: http)
            case .status(let status, let retryAfter):
                var headers = HTTPFields()
                if let retryAfter { headers[.retryAfter] = retryAfter }
                return Response(status: HTTPResponse.Status(code: status), headers: headers)
            case .resetMidBody:
                return brokenAnswer()
            case .loseResponse:
                _ = try await forward(forwarded, authorization: authorization, hubPort: hubPort, http: http)
                return brokenAnswer()
            case .slow(let delay):
                try await Task.sleep(for: delay)
                return try await forward(forwarded, authorization: authorization, hubPort: hubPort, http: http)
            }
        }
        router.get("v1/roster") { request, _ in try await forwardPull(request, hubPort: hubPort, http: http) }
        router.get("v1/events") { request, _ in try await forwardPull(request, hubPort: hubPort, http: http) }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }
        )
    }

    private static func forward(_ batch: EventBatch, authorization: String, hubPort: Int, http: HTTPClient) async throws -> Response {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(hubPort)/v1/events")
        request.method = .POST
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Response(
            status: HTTPResponse.Status(code: Int(response.status.code)),
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: body)
        )
    }

    /// Passes a pull through unchanged, with its query, token and `If-None-Match`.
    private static func forwardPull(_ request: Request, hubPort: Int, http: HTTPClient) async throws -> Response {
        var forwarded = HTTPClientRequest(url: "http://127.0.0.1:\(hubPort)\(request.uri.string)")
        if let token = request.headers[.authorization] { forwarded.headers.add(name: "Authorization", value: token) }
        if let etag = request.headers[.ifNoneMatch] { forwarded.headers.add(name: "If-None-Match", value: etag) }
        let response = try await http.execute(forwarded, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        var headers: HTTPFields = [.contentType: "application/json"]
        if let etag = response.headers.first(name: "ETag") { headers[.eTag] = etag }
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
