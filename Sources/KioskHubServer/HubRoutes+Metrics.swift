import Hummingbird
import KioskCore
import KioskHub
import KioskHubStorage
import NIOCore

extension HubRoutes {
    /// The Prometheus exposition, for a metrics token only (401 without a token, 403 with another).
    func metricsExposition(_ context: HubRequestContext) async throws -> Response {
        guard try context.tokenHolder() == .metrics else {
            throw HubHTTPError(.forbidden, "GET /metrics needs a metrics token (`kiosk-hub token create --metrics`)")
        }
        let text = try await metrics.exposition(store: store, now: clock.now(), offlineSeconds: alertSettings.gateOfflineSeconds)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
