import Crypto
public import Foundation
import HTTPTypes
public import Hummingbird
import Synchronization

/// A webhook endpoint for alert tests, served on loopback by `withRunning`: it checks every request's signature
/// against `secret`, answers 503 to the first `failures` requests, and accepts each `Idempotency-Key` once (a
/// repeat gets 200 without counting again), as a careful receiver does.
public final class AlertReceiver: Sendable {
    /// What arrived.
    public struct Tally: Sendable {
        /// Every request, in order: its `Idempotency-Key` and whether its signature was right.
        public var requests: [(id: String, signed: Bool)] = []
        /// How many times each id was accepted (a 2xx that counted).
        public var accepted: [String: Int] = [:]
        /// The accepted bodies by id.
        public var bodies: [String: Data] = [:]
    }

    private let secret: String
    private let state: Mutex<(failuresLeft: Int, tally: Tally)>

    public init(secret: String, failures: Int) {
        self.secret = secret
        state = Mutex((failures, Tally()))
    }

    /// What has arrived so far.
    public var tally: Tally { state.withLock { $0.tally } }

    /// The receiver's application, reporting its port to `onServerRunning`.
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            var request = request
            let body = Data((try await request.collectBody(upTo: 1 << 20)).readableBytesView)
            let id = request.headers[HTTPField.Name("Idempotency-Key")!] ?? ""
            let signed = request.headers[HTTPField.Name("X-Kiosk-Signature")!] == "sha256=" + self.signature(of: body)
            let status: HTTPResponse.Status = self.state.withLock { state in
                state.tally.requests.append((id, signed))
                guard signed, !id.isEmpty else { return .unauthorized }
                if state.failuresLeft > 0 {
                    state.failuresLeft -= 1
                    return .serviceUnavailable
                }
                if state.tally.accepted[id] == nil {
                    state.tally.accepted[id] = 1
                    state.tally.bodies[id] = body
                }
                return .ok
            }
            return Response(status: status)
        }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }
        )
    }

    /// The hub's `[[alerts.channels]]` table (TOML) of a webhook to a receiver on `port` for `events`, signed with the
    /// secret in `secretFile`.
    public static func channel(port: Int, secretFile: String, events: [String]) -> String {
        """
        [[alerts.channels]]
        kind = "webhook"
        url = "http://127.0.0.1:\(port)/hook"
        secret_file = "\(secretFile)"
        events = [\(events.map { "\"\($0)\"" }.joined(separator: ", "))]

        """
    }

    private func signature(of body: Data) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8))).map { String(format: "%02x", $0) }.joined()
    }
}
