import AsyncHTTPClient
import Foundation
public import KioskCore
public import KioskWire
import NIOCore
import NIOHTTP1

extension HubClient {
    /// Posts the corrected times of the kiosk's reads; the events whose corrections the hub now holds, or nil when
    /// the hub gave no usable answer (they are sent again at the next pass).
    public func postCorrections(_ batch: CorrectionBatch) async -> [EventID]? {
        var request = HTTPClientRequest(url: url(WirePaths.corrections))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        do {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(batch)))
            let response = try await exchange(request)
            let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            guard response.status.code == 200,
                let answer = try? JSONDecoder().decode(CorrectionBatchResponse.self, from: Data(body.readableBytesView))
            else { return nil }
            return answer.acknowledged.map(EventID.init(rawValue:))
        } catch {
            return nil
        }
    }
}
