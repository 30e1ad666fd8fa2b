import AsyncHTTPClient
import Foundation
public import KioskCore
public import KioskWire
import NIOCore
import NIOHTTP1

/// What a pull from the hub gave.
public enum PullAnswer<Value: Sendable>: Sendable {
    case value(Value)
    /// 304: the roster has not changed since the ETag sent.
    case unchanged
    case tokenRejected(status: Int)
    /// No usable answer; `retryAfter` is how long the hub asked to wait, if it did.
    case unavailable(reason: String, retryAfter: Duration?)
}

extension HubClient {
    /// The hub's roster and its ETag, or `.unchanged` when it still has `etag`.
    public func roster(ifNoneMatch etag: String?) async -> PullAnswer<(WireRoster, String)> {
        var request = HTTPClientRequest(url: url(WirePaths.roster))
        if let etag { request.headers.add(name: "If-None-Match", value: etag) }
        switch await get(request) {
        case .value(let (status, etag, body)):
            if status == 304 { return .unchanged }
            guard let roster = try? JSONDecoder().decode(WireRoster.self, from: body), let etag else {
                return .unavailable(reason: "the hub's roster answer is not a roster with an ETag", retryAfter: nil)
            }
            return .value((roster, etag))
        case .unchanged: return .unchanged
        case .tokenRejected(let status): return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
        }
    }

    /// A student's photo, checked as any photo is: a hub's answer is outside input too.
    public func photo(of studentID: String) async -> PullAnswer<StoredPhoto> {
        let segment = studentID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? studentID
        switch await get(HTTPClientRequest(url: url(WirePaths.photos) + "/" + segment)) {
        case .value(let (_, _, body)):
            do throws(KioskError) {
                return .value(StoredPhoto(try StudentPhoto(body, source: "the hub's photo of \(studentID)")))
            } catch {
                return .unavailable(reason: error.message, retryAfter: nil)
            }
        case .unchanged: return .unchanged
        case .tokenRejected(let status): return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
        }
    }

    /// Other gates' events stored after `cursor`.
    public func events(after cursor: Int64, limit: Int) async -> PullAnswer<EventPage> {
        let request = HTTPClientRequest(url: url(WirePaths.events) + "?after=\(cursor)&limit=\(limit)")
        switch await get(request) {
        case .value(let (_, _, body)):
            guard let page = try? JSONDecoder().decode(EventPage.self, from: body) else {
                return .unavailable(reason: "the hub's events answer is not a page of events", retryAfter: nil)
            }
            return .value(page)
        case .unchanged: return .unchanged
        case .tokenRejected(let status): return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
        }
    }

    /// What the hub holds of this kiosk's events.
    public func holding() async -> PullAnswer<KioskHolding> {
        switch await get(HTTPClientRequest(url: url(WirePaths.kioskSelf))) {
        case .value(let (_, _, body)):
            guard let holding = try? JSONDecoder().decode(KioskHolding.self, from: body) else {
                return .unavailable(reason: "the hub's answer about this kiosk is not what it holds of it", retryAfter: nil)
            }
            return .value(holding)
        case .unchanged: return .unchanged
        case .tokenRejected(let status): return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
        }
    }

    /// A GET with the bearer token: 200 and 304 give the status, ETag and body; 401/403 a rejected token;
    /// anything else is a failure to try again later, no sooner than a `Retry-After` the hub sent.
    private func get(_ request: HTTPClientRequest) async -> PullAnswer<(Int, String?, Data)> {
        var request = request
        request.method = .GET
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        do {
            let response = try await exchange(request)
            let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            let status = Int(response.status.code)
            switch status {
            case 200, 304: return .value((status, response.headers.first(name: "ETag"), Data(body.readableBytesView)))
            case 401, 403: return .tokenRejected(status: status)
            default:
                let retryAfter = RetryAfter.parse(response.headers.first(name: "Retry-After"), now: clock.now())
                return .unavailable(reason: "the hub answered HTTP \(status)", retryAfter: retryAfter)
            }
        } catch {
            return .unavailable(reason: "hub unreachable: \(error)", retryAfter: nil)
        }
    }
}
