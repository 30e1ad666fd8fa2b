import AsyncHTTPClient
import Foundation
import KioskCore
public import KioskWire
import NIOCore
import NIOHTTP1

extension HubClient {
    /// Posts how the gate is; nil when the hub kept it, else why not (the next heartbeat is sent anyway).
    public func postHeartbeat(_ heartbeat: WireHeartbeat) async -> String? {
        var request = HTTPClientRequest(url: url(WirePaths.heartbeat))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        do {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(heartbeat)))
            let response = try await exchange(request)
            let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            if response.status.code == 204 { return nil }
            let problem = try? JSONDecoder().decode(WireProblem.self, from: Data(body.readableBytesView))
            return "the hub answered HTTP \(response.status.code)" + (problem.map { ": \($0.error)" + ($0.field.map { " (\($0))" } ?? "") } ?? "")
        } catch {
            return "hub unreachable: \(error)"
        }
    }
}
