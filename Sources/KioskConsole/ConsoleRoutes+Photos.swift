import Foundation
import HTTPTypes
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage

extension ConsoleRoutes {
    /// A student's photo for the gate's screen: shown on their page, uploaded from it (CONTRACT.md "The gate's
    /// screen"), for the warden of their property only.
    func addPhotoRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/students/:id/photo") { request, context in
            let visit = try await visit(request, context)
            let id = try Self.studentID(context)
            guard let photo = try await store.studentPhoto(id, property: visit.property.id) else {
                throw ConsoleError(.notFound, "\(id) has no photo at \(visit.property.name)")
            }
            var headers = HTTPFields()
            headers[.contentType] = photo.contentType
            headers[.cacheControl] = "private, max-age=86400"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
        }
        router.post("/students/:id/photo") { request, context in
            let id = try Self.studentID(context)
            var request = request
            // Room for a photo over the limit, so its page says how large it is rather than a bare 413.
            let body = try await request.collectBody(upTo: 8 * 1024 * 1024)
            guard let type = request.headers[.contentType], let form = UploadForm(body: body, contentType: type) else {
                throw ConsoleError(.badRequest, "a photo upload is a multipart/form-data form")
            }
            let visit = try await checkedVisit(request, context, envelope: form.envelope)
            do {
                let data = form.fileData
                guard !data.isEmpty else { throw KioskError(.usage, "choose a JPEG or PNG photo to upload") }
                try await store.acting(as: visit.actor).setStudentPhoto(
                    id,
                    data: data,
                    source: form.fileName,
                    property: visit.property.id,
                    now: clock.now()
                )
                return try await studentPage(visit, id: id, notice: "Photo saved: the gates show it after their next sync.")
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await studentPage(visit, id: id, problem: error.message, status: .unprocessableContent)
            }
        }
    }
}
