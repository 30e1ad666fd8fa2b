import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskReports
import MultipartKit

extension ConsoleRoutes {
    func addRosterRoutes(to router: Router<BasicRequestContext>) {
        router.get("/roster") { request, _ in try await rosterPage(try await visit(request)) }
        router.post("/roster/upload") { request, _ in try await upload(request) }
        router.post("/roster/add") { request, _ in
            let (visit, form) = try await formVisit(request, as: NewStudentForm.self)
            return try await rosterChange(visit) {
                let rows = try form.rosterRows()
                _ = try await store.importRoster(rows, file: NewStudentForm.file, replace: false, property: visit.property.id)
                return rows.first.map { "Added \($0.student.name) (\($0.student.id)) with card \($0.uid)." } ?? "Nothing to add."
            }
        }
        router.post("/roster/revoke") { request, _ in
            let (visit, form) = try await formVisit(request, as: CardForm.self)
            return try await rosterChange(visit) {
                let uid = try TagUID(parsing: form.uid)
                let owner = try await store.revokeTag(uid, property: visit.property.id)
                return "Card \(uid) of \(owner) is revoked: every gate answers UNKNOWN for it after its next sync."
            }
        }
        router.post("/roster/enrol") { request, _ in
            let (visit, form) = try await formVisit(request, as: EnrolForm.self)
            return try await rosterChange(visit) {
                let uid = try TagUID(parsing: form.uid)
                guard let entry = try await store.rosterEntries(property: visit.property.id).first(where: { $0.student.id == form.studentId })
                else { throw KioskError(.dataError, "unknown student '\(form.studentId)'") }
                let row = RosterRow(line: 1, student: entry.student, uid: uid)
                _ = try await store.importRoster([row], file: "the enrolment form", replace: false, property: visit.property.id)
                return "Card \(uid) is now \(entry.student.name)'s."
            }
        }
        router.get("/students/:id") { request, context in
            try await studentPage(try await visit(request), id: try Self.studentID(context))
        }
        router.post("/students/:id") { request, context in
            let id = try Self.studentID(context)
            let (visit, form) = try await formVisit(request, as: StudentEditForm.self)
            do {
                guard let student = form.student(id: id) else { throw KioskError(.usage, "a status is active or inactive") }
                try await store.updateStudent(student, property: visit.property.id)
                return try await studentPage(visit, id: id, notice: "Saved.")
            } catch let error as KioskError where error.category != .ioError {
                return try await studentPage(visit, id: id, problem: error.message, status: .unprocessableContent)
            }
        }
    }

    /// The student id in a `/students/:id` path, as `ConsoleVisit.studentLink` percent-encoded it (any id the roster
    /// accepts: spaces, `/`, `?`, `%` and every script).
    private static func studentID(_ context: BasicRequestContext) throws -> String {
        guard let id = try context.parameters.require("id").removingPercentEncoding else {
            throw ConsoleError(.notFound, "no such student: the address is not a student's")
        }
        return id
    }

    /// The parts of a `multipart/form-data` body by field name (the first of each name).
    private static func parts(of body: ByteBuffer, boundary: String) throws -> [String: MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [String: MultipartPart] = [:]
        var current = MultipartPart(headers: [:], body: ByteBuffer())
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            if let name = current.name, parts[name] == nil { parts[name] = current }
            current = MultipartPart(headers: [:], body: ByteBuffer())
        }
        try parser.execute(body)
        return parts
    }

    /// A roster CSV uploaded as `multipart/form-data`: the same rules and messages as `roster import`; a bad row
    /// is shown with its line and field, and nothing changes.
    private func upload(_ request: Request) async throws -> Response {
        guard let type = request.headers[.contentType], let boundary = Self.boundary(of: type) else {
            throw ConsoleError(.badRequest, "a roster upload is a multipart/form-data form")
        }
        var request = request
        let body = try await request.collectBody(upTo: 8 * 1024 * 1024)
        let form = (try? Self.parts(of: body, boundary: boundary)) ?? [:]
        func field(_ name: String) -> String? { form[name].map { String(buffer: $0.body) } }
        let visit = try await checkedVisit(request, envelope: FormEnvelope(csrf: field("csrf"), property: field("property")))
        return try await rosterChange(visit) {
            guard let part = form["file"], part.body.readableBytes > 0 else { throw KioskError(.usage, "choose a CSV file to upload") }
            let file = Self.filename(of: part) ?? "the uploaded file"
            guard let text = String(bytes: part.body.readableBytesView, encoding: .utf8) else {
                throw KioskError(.dataError, "\(file): not UTF-8 text; save the roster as CSV UTF-8")
            }
            let rows = try RosterCSV.parse(text, file: file)
            let summary = try await store.importRoster(rows, file: file, replace: field("replace") == "yes", property: visit.property.id)
            return "Imported \(file): \(summary.students) students, \(summary.tags) cards"
                + (summary.removedStudents > 0 ? ", \(summary.removedStudents) students removed." : ".")
        }
    }

    /// Runs a roster change and shows the roster with what it did, or with the problem (422) and nothing changed.
    private func rosterChange(_ visit: ConsoleVisit, _ change: () async throws -> String) async throws -> Response {
        do {
            return try await rosterPage(visit, notice: try await change())
        } catch let error as KioskError where error.category != .ioError {
            return try await rosterPage(visit, problem: error.message, status: .unprocessableContent)
        }
    }

    private func rosterPage(
        _ visit: ConsoleVisit,
        notice: String? = nil,
        problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let roster = try await store.rosterEntries(property: visit.property.id)
        let report = try await store.report(for: visit.property, now: clock.now())
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let students: [[String: Any]] = roster.map {
            [
                "id": $0.student.id, "name": $0.student.name, "room": $0.student.room, "status": $0.student.status.rawValue,
                "cards": $0.tags.map(\.hex).joined(separator: " "), "link": visit.studentLink($0.student.id),
            ]
        }
        let unknown: [[String: Any]] = report.attendance.unknownTags.map {
            ["uid": $0.uid.hex, "reads": $0.reads, "lastSeen": face.time($0.lastSeen)]
        }
        var context = visit.layout(title: "Roster", current: "/roster")
        context.merge(["students": students, "count": students.count, "unknown": unknown]) { _, new in new }
        if let notice { context["notice"] = notice }
        if let problem { context["problem"] = problem }
        return ConsoleResponse.html(try ConsoleTemplates.render("roster", context), status: status)
    }

    private func studentPage(
        _ visit: ConsoleVisit,
        id: String,
        notice: String? = nil,
        problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let entry = try await store.rosterEntries(property: visit.property.id).first(where: { $0.student.id == id }) else {
            throw ConsoleError(.notFound, "no student '\(id)' at \(visit.property.name)")
        }
        let now = clock.now()
        let today = try await store.report(for: visit.property, now: now).attendance.students.first { $0.student.id == id }
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let history: [[String: Any]] = try await store.history(ofStudent: id, property: visit.property.id, now: now).map {
            [
                "time": face.dateTime($0.occurredAt), "outcome": ConsoleWords.outcome(of: $0), "gate": ConsoleWords.gate($0.kioskID),
                "note": $0.reason ?? "",
            ]
        }
        let cards: [[String: Any]] = entry.tags.map { ["uid": $0.hex] }
        var context = visit.layout(title: entry.student.name, current: "/roster")
        context.merge(
            [
                "id": entry.student.id, "path": visit.studentLink(entry.student.id), "name": entry.student.name,
                "room": entry.student.room, "active": entry.student.status.rawValue,
                "isActive": entry.student.status == .active, "status": today.map { ReportWording.status($0.status) } ?? "not on the active roster",
                "cards": cards, "hasCards": !cards.isEmpty, "history": history, "hasHistory": !history.isEmpty,
                "historyDays": HubStore.studentHistoryDays,
            ]
        ) { _, new in new }
        if let notice { context["notice"] = notice }
        if let problem { context["problem"] = problem }
        return ConsoleResponse.html(try ConsoleTemplates.render("student", context), status: status)
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    private static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// The file name a browser gave an uploaded part.
    private static func filename(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition"), let range = disposition.range(of: "filename=\"") else { return nil }
        let name = disposition[range.upperBound...].prefix { $0 != "\"" }
        return name.isEmpty ? nil : String(name)
    }
}

extension String {
    /// Without surrounding white space.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
