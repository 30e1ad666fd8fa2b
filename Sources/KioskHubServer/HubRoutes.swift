import Foundation
import HTTPTypes
import Hummingbird
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports
import KioskWire
import NIOCore

/// The hub's HTTP endpoints, as docs/openapi.yaml describes them.
struct HubRoutes: Sendable {
    let store: HubStore
    let clock: WallClock
    let contacts: GateContacts
    let logKeys: HubLogKeySource
    /// Where a `log_inconsistent` alert goes, and when a silent gate is offline.
    let alertSettings: AlertSettings
    let metrics: HubMetrics

    init(store: HubStore, clock: WallClock, logKeys: HubLogKeySource, alertSettings: AlertSettings, metrics: HubMetrics) {
        self.store = store
        self.clock = clock
        self.logKeys = logKeys
        self.alertSettings = alertSettings
        self.metrics = metrics
        contacts = GateContacts(store: store)
    }

    /// The methods each path is served with (what `add(to:)` registers), for 405 answers.
    static let methods: [String: [HTTPRequest.Method]] = [
        WirePaths.health: [.get], WirePaths.events: [.get, .post], WirePaths.roster: [.get], WirePaths.attendance: [.get],
        WirePaths.propertiesSummary: [.get], WirePaths.checkpoints: [.post], WirePaths.corrections: [.post], WirePaths.kioskSelf: [.get],
        WirePaths.heartbeat: [.post], WirePaths.metrics: [.get],
    ]

    func add(to router: Router<HubRequestContext>) {
        router.get(RouterPath(WirePaths.health)) { _, _ in try await health() }
        let api = router.group().add(middleware: BearerTokenAuthenticator(store: store))
        api.post(RouterPath(WirePaths.events)) { request, context in try await push(request, context) }
        api.get(RouterPath(WirePaths.events)) { request, context in try await pull(request, context) }
        api.get(RouterPath(WirePaths.roster)) { request, context in try await roster(request, context) }
        api.get(RouterPath(WirePaths.attendance)) { request, context in try await attendance(request, context) }
        api.get(RouterPath(WirePaths.propertiesSummary)) { request, context in try await propertiesSummary(request, context) }
        api.post(RouterPath(WirePaths.checkpoints)) { request, context in try await checkpoint(request, context) }
        api.post(RouterPath(WirePaths.corrections)) { request, context in try await corrections(request, context) }
        api.get(RouterPath(WirePaths.kioskSelf)) { _, context in try await kioskSelf(context) }
        api.post(RouterPath(WirePaths.heartbeat)) { request, context in try await heartbeat(request, context) }
        api.get(RouterPath(WirePaths.metrics)) { _, context in try await metricsExposition(context) }
        api.get(RouterPath(WirePaths.photos + "/:student")) { _, context in try await photo(context) }
    }

    /// Stores the corrected times of a kiosk's reads: 200 with the events whose correction the hub holds.
    private func corrections(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try await authenticatedKiosk(context)
        var request = request
        let data: Data
        do {
            data = Data(try await request.collectBody(upTo: WirePaths.maximumBodyBytes).readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw HubHTTPError(.contentTooLarge, "the body is larger than \(WirePaths.maximumBodyBytes) bytes; split the batch")
        }
        let batch: CorrectionBatch
        do {
            batch = try JSONDecoder().decode(CorrectionBatch.self, from: data)
        } catch let error as DecodingError {
            throw HubHTTPError.undecodable(error, body: data)
        }
        guard batch.kioskId == kioskID else {
            throw HubHTTPError(.forbidden, "this token belongs to kiosk '\(kioskID)', not '\(batch.kioskId)'", field: "kioskId")
        }
        guard batch.corrections.count <= CorrectionBatch.maximumCorrections else {
            throw HubHTTPError(
                .contentTooLarge,
                "a batch holds at most \(CorrectionBatch.maximumCorrections) corrections; split it",
                field: "corrections"
            )
        }
        let corrections = try batch.corrections.enumerated().map { index, correction in
            if let problem = WireEvent.identifierProblem(correction.eventId, field: "corrections[\(index)].eventId") {
                throw HubHTTPError(.unprocessableContent, problem.error, field: problem.field)
            }
            guard let correctedAt = WireTime.parse(correction.correctedAt) else {
                throw HubHTTPError(.unprocessableContent, "not an ISO 8601 instant with an offset", field: "corrections[\(index)].correctedAt")
            }
            return ReadCorrection(eventID: EventID(rawValue: correction.eventId), correctedAt: correctedAt)
        }
        let held = try await store.storeCorrections(corrections, kiosk: kioskID, property: property)
        return HubResponse.json(CorrectionBatchResponse(acknowledged: held.map(\.rawValue)))
    }

    /// Witnesses a kiosk's signed checkpoint: 200 with it cosigned, or 409 with why it is refused.
    private func checkpoint(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try await authenticatedKiosk(context)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: WirePaths.maximumCheckpointBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw HubHTTPError(.contentTooLarge, "a checkpoint is at most \(WirePaths.maximumCheckpointBytes) bytes")
        }
        let witnessing = try await store.witness(
            String(decoding: body.readableBytesView, as: UTF8.self),
            kiosk: kioskID,
            property: property,
            offeredVkey: HTTPField.Name(WirePaths.logKeyHeader).flatMap { request.headers[$0] },
            keys: try await logKeys.current(),
            alertSettings: alertSettings,
            now: clock.now()
        )
        switch witnessing {
        case .cosigned(let note):
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: note))
            )
        case .refused(let refusal):
            throw HubHTTPError(.conflict, refusal.reason)
        }
    }

    private func health() async throws -> Response {
        guard await store.isHealthy() else { throw HubHTTPError(.serviceUnavailable, "the hub database does not answer") }
        return HubResponse.json(WireHealth())
    }

    /// Stores a batch after checking the token, the body size, the JSON shape and the batch's kiosk.
    private func push(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try await authenticatedKiosk(context)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: WirePaths.maximumBodyBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw HubHTTPError(.contentTooLarge, "the body is larger than \(WirePaths.maximumBodyBytes) bytes; split the batch")
        }
        let batch = try Self.batch(in: body)
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
        let results = try await store.store(batch.events, property: property, receivedAt: clock.now())
        metrics.received(results.count(where: { $0.status == .accepted }), property: property)
        return HubResponse.json(bytes: EventBatchResponse(results: results).jsonBytes())
    }

    /// The batch in a push's body: read by hand when it has the plain shape kiosks send, else by `JSONDecoder`,
    /// whose errors say which field is wrong.
    private static func batch(in body: ByteBuffer) throws -> EventBatch {
        if let batch = body.withUnsafeReadableBytes({ EventBatch(plainJSON: $0) }) { return batch }
        let data = Data(body.readableBytesView)
        do {
            return try JSONDecoder().decode(EventBatch.self, from: data)
        } catch let error as DecodingError {
            throw HubHTTPError.undecodable(error, body: data)
        }
    }

    /// What the hub holds of the asking kiosk's events, for its refill after a loss.
    private func kioskSelf(_ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try await authenticatedKiosk(context)
        return HubResponse.json(
            KioskHolding(
                kioskId: kioskID,
                property: property,
                heldThroughSeq: try await store.storage.heldThroughSeq(ofKiosk: kioskID),
                highestSeq: try await store.storage.highestSeq(ofKiosk: kioskID),
                feedCursor: try await store.storage.latestCursor()
            )
        )
    }

    private func pull(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try await authenticatedKiosk(context)
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
        return HubResponse.json(try await store.events(after: after ?? 0, limit: limit ?? 500, property: property, excludingKiosk: kioskID))
    }

    private func roster(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (_, property) = try await authenticatedKiosk(context)
        let (roster, etag) = try await store.roster(property: property)
        var headers = HTTPFields()
        headers[.eTag] = etag
        if let known = request.headers[.ifNoneMatch], known.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Response(status: .notModified, headers: headers)
        }
        return HubResponse.json(roster, headers: headers)
    }

    private func attendance(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (_, propertyID) = try await authenticatedKiosk(context)
        let property = try await store.property(propertyID)
        let report = try await store.report(for: property, on: try date(request), now: clock.now())
        return Self.json(ReportRenderer().render(report, as: .json))
    }

    private func propertiesSummary(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        guard try context.tokenHolder() == .chainOperator else {
            throw HubHTTPError(.forbidden, "the chain summary needs an operator token (`kiosk-hub token create --operator`)")
        }
        return Self.json(ChainSummaryReport(try await store.chainSummary(on: try date(request), now: clock.now())).json)
    }

    /// The `date` query parameter, if given.
    private func date(_ request: Request) throws -> AttendanceDate? {
        try request.uri.queryParameters["date"].map { text in
            guard let date = AttendanceDate(parsing: String(text)) else { throw HubHTTPError(.badRequest, "a date is YYYY-MM-DD", field: "date") }
            return date
        }
    }

    private static func json(_ body: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// The kiosk whose bearer token the request presents, and its property; 401 when the token is missing, unknown or
    /// revoked, 403 for the operator's token (it reads the chain summary only) and a metrics token (`/metrics` only).
    private func authenticatedKiosk(_ context: HubRequestContext) async throws -> (kioskID: String, property: String) {
        let (kioskID, property) = try kioskCaller(context)
        await contacts.heard(kioskID, property: property, at: clock.now())
        return (kioskID, property)
    }

    /// The kiosk whose bearer token the request presents, and its property, without noting the contact.
    func kioskCaller(_ context: HubRequestContext) throws -> (kioskID: String, property: String) {
        guard case .kiosk(let kioskID, let property) = try context.tokenHolder() else {
            throw HubHTTPError(
                .forbidden,
                "an operator token reads the chain summary only, a metrics token /metrics only; kiosks use their own tokens"
            )
        }
        return (kioskID, property)
    }
}
