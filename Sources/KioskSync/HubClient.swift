import AsyncHTTPClient
import Foundation
public import KioskCore
public import KioskJournal
public import KioskWire
import NIOCore
import NIOHTTP1
import NIOSSL

/// The kiosk's side of the wire protocol over one `HTTPClient`, which it owns: `shutdown()` must be called.
/// Requests carry the bearer token; errors and logs never do.
public struct HubClient: Sendable {
    /// The most bytes of an answer the kiosk reads.
    static let maximumAnswerBytes = 8 * 1024 * 1024

    let http: HTTPClient
    private let baseURL: URL
    private let bearer: HubToken
    let requestTimeout: TimeAmount
    let clock: WallClock
    /// The gate's monotonic clock and boot, for measuring its clock against the hub's.
    let host: HostClock
    let clockReadings = HubClockReadings()

    /// A client of the hub at `configuration.hubURL`, sending `token` (empty while there is none), trusting the
    /// system's CAs and `caFile` for https.
    public init(configuration: SyncConfiguration, token: String, clock: WallClock = .system, host: HostClock = HostClock()) throws(KioskError) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = configuration.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw KioskError(.configuration, "[sync] ca_file \(caFile): no such file, or it cannot be read")
            }
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(caFile)
            } catch {
                throw KioskError(.configuration, "[sync] ca_file \(caFile): not a PEM file of CA certificates (\(error))")
            }
            guard !certificates.isEmpty else {
                throw KioskError(.configuration, "[sync] ca_file \(caFile): holds no PEM certificate ('-----BEGIN CERTIFICATE-----')")
            }
            tls.additionalTrustRoots = [.certificates(certificates)]
        }
        let timeout = HTTPClient.Configuration.Timeout(
            connect: .seconds(Int64(configuration.connectTimeoutSeconds)),
            read: .seconds(Int64(configuration.requestTimeoutSeconds))
        )
        http = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(tlsConfiguration: tls, timeout: timeout)
        )
        baseURL = configuration.hubURL
        bearer = HubToken(token)
        requestTimeout = .seconds(Int64(configuration.requestTimeoutSeconds))
        self.clock = clock
        self.host = host
    }

    /// Pushes one batch and classifies the answer.
    public func push(_ batch: EventBatch) async -> PushAnswer {
        await push(encoded: ByteBuffer(bytes: batch.jsonBytes()))
    }

    /// Pushes one batch already encoded as the JSON body of `POST /v1/events` and classifies the answer.
    func push(encoded batch: ByteBuffer) async -> PushAnswer {
        var request = HTTPClientRequest(url: url(WirePaths.events))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(batch)
        do {
            let response = try await exchange(request)
            let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            return classify(status: Int(response.status.code), headers: response.headers, body: body)
        } catch {
            return .unavailable(reason: "hub unreachable: \(error)", retryAfter: nil)
        }
    }

    /// The bearer token sent now; empty when there is none.
    var token: String { bearer.current }

    /// Sends `token` from the next request on (a new token written to the token file).
    public func replaceToken(with token: String) {
        bearer.replace(with: token)
    }

    /// Closes the client's connections.
    public func shutdown() async {
        try? await http.shutdown()
    }

    private func classify(status: Int, headers: HTTPHeaders, body: ByteBuffer) -> PushAnswer {
        switch status {
        case 200:
            let plain = body.withUnsafeReadableBytes { EventBatchResponse(plainJSON: $0) }
            guard let answer = plain ?? (try? JSONDecoder().decode(EventBatchResponse.self, from: Data(body.readableBytesView))) else {
                return .unavailable(reason: "the hub's answer is not a batch result", retryAfter: nil)
            }
            var verdicts: [String: EventVerdict] = [:]
            for result in answer.results {
                verdicts[result.id] = result.status == .rejected ? .rejected(result.reason ?? "rejected by the hub") : .acknowledged
            }
            return .results(verdicts)
        case 401, 403: return .tokenRejected(status: status)
        case 413: return .tooLarge
        case 408, 429, 500...599:
            let retryAfter = RetryAfter.parse(headers.first(name: "Retry-After"), now: clock.now())
            return .unavailable(reason: "the hub answered HTTP \(status)", retryAfter: retryAfter)
        case 400...499:
            let problem = try? JSONDecoder().decode(WireProblem.self, from: Data(body.readableBytesView))
            let field = problem?.field.map { "field '\($0)': " } ?? ""
            return .refused(status: status, reason: "hub answered HTTP \(status): \(field)\(problem?.error ?? "refused")")
        default:
            return .unavailable(reason: "the hub answered HTTP \(status)", retryAfter: nil)
        }
    }

    func url(_ path: String) -> String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text + path
    }
}
