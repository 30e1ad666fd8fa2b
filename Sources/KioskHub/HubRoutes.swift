import Foundation
import Hummingbird
import KioskCore
import KioskReports
import KioskWire
import NIOCore

/// The hub's HTTP endpoints, as docs/openapi.yaml describes them.
struct HubRoutes: Sendable {
    let store: HubStore
    let configuration: HubConfiguration
    let clock: WallClock

    /// The methods each path is served with (what `add(to:)` registers), for 405 answers.
    static let methods: [String: [HTTPRequest.Method]] = [
        WirePaths.health: [.get], WirePaths.events: [.get, .post], WirePaths.roster: [.get], WirePaths.attendance: [.get],
    ]

    func add(to router: Router<BasicRequestContext>) {
        router.get(RouterPath(WirePaths.health)) { _, _ in try await health() }
        router.post(RouterPath(WirePaths.events)) { request, _ in try await push(request) }
        router.get(RouterPath(WirePaths.events)) { request, _ in try await pull(request) }
        router.get(RouterPath(WirePaths.roster)) { request, _ in try await roster(request) }
        router.get(RouterPath(WirePaths.attendance)) { request, _ in try await attendance(request) }
    }

    private func health() async throws -> Response {
        guard await store.isHealthy() else { throw HubHTTPError(.serviceUnavailable, "the hub database does not answer") }
        return HubResponse.json(WireHealth())
    }

    /// Stores a batch after checking the token, the body size, the JSON shape and the batch's kiosk.
    private func push(_ request: Request) async throws -> Response {
        let kioskID = try await authenticatedKiosk(request)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: WirePaths.maximumBodyBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw HubHTTPError(.contentTooLarge, "the body is larger than \(WirePaths.maximumBodyBytes) bytes; split the batch")
        }
        let batch: EventBatch
        let data = Data(body.readableBytesView)
        do {
            batch = try JSONDecoder().decode(EventBatch.self, from: data)
        } catch let error as DecodingError {
            throw HubHTTPError.undecodable(error, body: data)
        }
        if let problem = WireEvent.identifierProblem(batch.kioskId, field: "kioskId") {
            throw HubHTTPError(.unprocessableContent, problem.error, field: problem.field)
        }
        guard batch.kioskId == kioskID else {
            throw HubHTTPError(.forbidden, "this token belongs to kiosk '\(kioskID)', not '\(batch.kioskId)'", field: "kioskId")
        }
        guard batch.events.count <= WirePaths.maximumBatchEvents else {
            throw HubHTTPError(.contentTooLarge, "a batch holds at most \(WirePaths.maximumBatchEvents) events; split it", field: "events")
        }
        if let index = batch.events.firstIndex(where: { $0.kioskId != batch.kioskId }) {
            throw HubHTTPError(.unprocessableContent, "an event of another kiosk than the batch's", field: "events[\(index)].kioskId")
        }
        let results = try await store.store(batch.events, receivedAt: clock.now())
        return HubResponse.json(EventBatchResponse(results: results))
    }

    private func pull(_ request: Request) async throws -> Response {
        let kioskID = try await authenticatedKiosk(request)
        let query = request.uri.queryParameters
        let after = try query["after"].map { text in
            guard let cursor = Int64(String(text)), cursor >= 0 else {
                throw HubHTTPError(.badRequest, "a cursor is an integer, 0 or more", field: "after")
            }
            return cursor
        }
        let limit = try query["limit"].map { text in
            guard let limit = Int(String(text)), (1...WirePaths.maximumPageEvents).contains(limit) else {
                throw HubHTTPError(.badRequest, "an integer from 1 to \(WirePaths.maximumPageEvents)", field: "limit")
            }
            return limit
        }
        return HubResponse.json(try await store.events(after: after ?? 0, limit: limit ?? 500, excludingKiosk: kioskID))
    }

    private func roster(_ request: Request) async throws -> Response {
        _ = try await authenticatedKiosk(request)
        let (roster, etag) = try await store.roster()
        var headers = HTTPFields()
        headers[.eTag] = etag
        if let known = request.headers[.ifNoneMatch], known.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Response(status: .notModified, headers: headers)
        }
        return HubResponse.json(roster, headers: headers)
    }

    private func attendance(_ request: Request) async throws -> Response {
        _ = try await authenticatedKiosk(request)
        let policy = configuration.attendance
        let now = clock.now()
        let day = try request.uri.queryParameters["date"].map { text in
            guard let date = AttendanceDate(parsing: String(text)) else { throw HubHTTPError(.badRequest, "a date is YYYY-MM-DD", field: "date") }
            return date
        }
        let date = day ?? policy.attendanceDay(containing: now)
        let report = try await store.report(
            on: date,
            evaluatedAt: policy.evaluationInstant(of: date, now: now),
            rules: AttendanceRules(policy: policy),
            source: "hub"
        )
        let body = ReportRenderer().render(report, as: .json)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// The kiosk whose bearer token the request presents; 401 when it is missing, unknown or revoked.
    private func authenticatedKiosk(_ request: Request) async throws -> String {
        guard let header = request.headers[.authorization] else { throw HubHTTPError(.unauthorized, "missing bearer token") }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw HubHTTPError(.unauthorized, "expected 'Authorization: Bearer TOKEN'") }
        guard let kioskID = try await store.kiosk(presenting: String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
            throw HubHTTPError(.unauthorized, "unknown or revoked token")
        }
        return kioskID
    }
}
