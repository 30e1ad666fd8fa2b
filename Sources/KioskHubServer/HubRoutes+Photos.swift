import HTTPTypes
import Hummingbird
import KioskCore
import KioskHub
import KioskWire
import NIOCore

extension HubRoutes {
    /// A student's photo for a gate of their property: 200 with the bytes, 404 when the student has none (or is not
    /// of the kiosk's property).
    func photo(_ context: HubRequestContext) async throws -> Response {
        let (_, property) = try kioskCaller(context)
        let student = context.parameters.get("student") ?? ""
        guard let photo = try await store.studentPhoto(student, property: property) else {
            throw HubHTTPError(.notFound, "student '\(student)' has no photo in this property", field: "studentId")
        }
        var headers = HTTPFields()
        headers[.contentType] = photo.contentType
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
    }
}
