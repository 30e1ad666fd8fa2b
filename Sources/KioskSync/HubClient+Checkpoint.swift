import AsyncHTTPClient
import Foundation
import KioskCore
import KioskWire
import NIOCore
import NIOHTTP1

/// What the hub said of a checkpoint the kiosk posted.
public enum CheckpointAnswer: Sendable, Hashable {
    /// Accepted: the checkpoint with the hub's cosignature added.
    case cosigned(String)
    /// 409: the hub holds another log for this kiosk, or the checkpoint is wrong; why.
    case refused(String)
    /// No answer to act on (unreachable, another status); tried again after the next pass that sends events.
    case unavailable(String)
}

extension HubClient {
    /// Posts the signed checkpoint `note` of the kiosk's log, with `vkey`, the key that signed it, for a hub that
    /// does not know it yet (trust on first use).
    public func postCheckpoint(_ note: String, vkey: String) async -> CheckpointAnswer {
        var request = HTTPClientRequest(url: url(WirePaths.checkpoints))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.headers.add(name: WirePaths.logKeyHeader, value: vkey)
        request.body = .bytes(ByteBuffer(string: note))
        do {
            let response = try await exchange(request)
            let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            switch response.status.code {
            case 200: return .cosigned(String(buffer: body))
            case 409:
                let problem = try? JSONDecoder().decode(WireProblem.self, from: Data(body.readableBytesView))
                return .refused(problem?.error ?? "refused")
            default: return .unavailable("the hub answered HTTP \(response.status.code)")
            }
        } catch {
            return .unavailable("hub unreachable: \(error)")
        }
    }
}
