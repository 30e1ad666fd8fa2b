import Foundation
import Hummingbird
import KioskCore
import KioskHub
import KioskWire

extension HubRoutes {
    /// Keeps a gate's heartbeat as its latest: 204; 400 naming the field of a wrong type or an impossible value, 403
    /// for another kiosk's, nothing kept for either. A kept one is the gate's contact (a refused one is not).
    func heartbeat(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (kioskID, property) = try kioskCaller(context)
        var request = request
        let data: Data
        do {
            data = Data(try await request.collectBody(upTo: WirePaths.maximumHeartbeatBytes).readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw HubHTTPError(.contentTooLarge, "a heartbeat is at most \(WirePaths.maximumHeartbeatBytes) bytes")
        }
        let heartbeat: WireHeartbeat
        do {
            heartbeat = try JSONDecoder().decode(WireHeartbeat.self, from: data)
        } catch let error as DecodingError {
            throw HubHTTPError.undecodable(error, body: data)
        }
        guard heartbeat.kioskId == kioskID else {
            throw HubHTTPError(.forbidden, "this token belongs to kiosk '\(kioskID)', not '\(heartbeat.kioskId)'", field: "kioskId")
        }
        if let problem = heartbeat.problem { throw HubHTTPError(.badRequest, problem.error, field: problem.field) }
        let now = clock.now()
        try store.keepHeartbeat(heartbeat, property: property, receivedAt: now)
        await contacts.heard(kioskID, property: property, at: now, recorded: true)
        return Response(status: .noContent)
    }
}
