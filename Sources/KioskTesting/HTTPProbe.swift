import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP request as a client script would make it, for tests of a running `kiosk-hub`.
public enum HTTPProbe {
    /// An answer: its status, `Retry-After` and body.
    public struct Answer: Sendable {
        public let status: Int
        public let retryAfter: String?
        public let body: String
    }

    /// GETs `url` with `token` as the bearer token (none when nil); an error when nothing answers within
    /// `timeoutSeconds`.
    public static func get(_ url: String, token: String? = nil, timeoutSeconds: Int64 = 30) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(timeoutSeconds))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), body: String(buffer: body))
    }

    /// POSTs `body` as JSON to `url` with `token` as the bearer token.
    public static func post(_ url: String, token: String, json body: Data) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let answer = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), body: String(buffer: answer))
    }

    /// GETs `url` until it answers `status` (at most `attempts` times, 100 ms apart, each attempt waiting at most 5 s
    /// for an answer, so something else listening on the port cannot hold the caller for long); the last answer.
    public static func await(_ status: Int, from url: String, token: String? = nil, attempts: Int = 300) async throws -> Answer {
        var answer = try? await get(url, token: token, timeoutSeconds: 5)
        for _ in 1..<attempts where answer?.status != status {
            try await Task.sleep(for: .milliseconds(100))
            answer = try? await get(url, token: token, timeoutSeconds: 5)
        }
        guard let answer else { throw HTTPProbeError(url: url) }
        return answer
    }
}

/// Nothing answered at `url`.
struct HTTPProbeError: Error, CustomStringConvertible {
    let url: String
    var description: String { "nothing answered at \(url)" }
}
