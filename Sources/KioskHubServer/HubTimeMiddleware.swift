import Foundation
import HTTPTypes
import Hummingbird
import KioskCore
import KioskWire

/// Every answer of the hub carries its clock (CONTRACT.md "Time of a read"): `Hub-Time`, Unix time in milliseconds,
/// taken as the answer leaves; a kiosk measures its own clock's offset from it. Errors thrown past every other
/// middleware are answered here, so that they carry it too.
struct HubTimeMiddleware<Context: RequestContext>: RouterMiddleware {
    let clock: WallClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if let name = HTTPField.Name(WirePaths.hubTimeHeader) {
            response.headers[name] = String(Int64((clock.now().timeIntervalSince1970 * 1000).rounded(.down)))
        }
        return response
    }
}
