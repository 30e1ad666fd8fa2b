import Foundation
import HTTPTypes
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage

extension ConsoleRoutes {
    /// The largest photo upload read: four times a photo's limit, so a photo just over it is read and measured.
    static let largestPhotoUpload = 4 * StudentPhoto.maximumBytes

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
            // Room for a photo over the limit, so its page says how large it is; beyond that room too, the page says why.
            guard let body = try await Self.uploadBody(&request, upTo: Self.largestPhotoUpload) else {
                let problem =
                    "the file is larger than \(Self.largestPhotoUpload / 1_048_576) MB; a photo is a JPEG or PNG of at most \(StudentPhoto.maximumBytes / 1_048_576) MB"
                return try await studentPage(try await visit(request, context), id: id, problem: problem, status: .contentTooLarge)
            }
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
