import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage
import KioskReports

extension ConsoleRoutes {
    func addRosterRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/roster") { request, context in try await rosterPage(try await visit(request, context)) }
        router.post("/roster/upload") { request, context in try await upload(request, context) }
        router.post("/roster/add") { request, context in
            let (visit, form) = try await formVisit(request, context, as: NewStudentForm.self)
            return try await rosterChange(visit) {
                let rows = try form.rosterRows()
                _ = try await store.acting(as: visit.actor).importRoster(
                    rows,
                    file: NewStudentForm.file,
                    replace: false,
                    property: visit.property.id,
                    as: .studentAdd
                )
                return rows.first.map { "Added \($0.student.name) (\($0.student.id)) with card \($0.uid)." } ?? "Nothing to add."
            }
        }
        router.post("/roster/revoke") { request, context in
            let (visit, form) = try await formVisit(request, context, as: CardForm.self)
            return try await rosterChange(visit) {
                let uid = try TagUID(parsing: form.uid)
                let owner = try await store.acting(as: visit.actor).revokeTag(uid, property: visit.property.id)
                return "Card \(uid) of \(owner) is revoked: every gate answers UNKNOWN for it after its next sync."
            }
        }
        router.post("/roster/enrol") { request, context in
            let (visit, form) = try await formVisit(request, context, as: EnrolForm.self)
            return try await rosterChange(visit) {
                let uid = try TagUID(parsing: form.uid)
                guard let entry = try await store.rosterEntries(property: visit.property.id).first(where: { $0.student.id == form.studentId })
                else { throw KioskError(.dataError, "unknown student '\(form.studentId)'", domain: .notFound) }
                let row = RosterRow(line: 1, student: entry.student, uid: uid)
                _ = try await store.acting(as: visit.actor).importRoster(
                    [row],
                    file: "the enrolment form",
                    replace: false,
                    property: visit.property.id,
                    as: .cardEnrol
                )
                return "Card \(uid) is now \(entry.student.name)'s."
            }
        }
        router.get("/students/:id") { request, context in
            try await studentPage(try await visit(request, context), id: try Self.studentID(context))
        }
        router.post("/students/:id") { request, context in
            let id = try Self.studentID(context)
            let (visit, form) = try await formVisit(request, context, as: StudentEditForm.self)
            do {
                guard let student = form.student(id: id) else { throw KioskError(.usage, "a status is active or inactive") }
                // Every field is checked before anything changes.
                if let contacts = form.parentContact { _ = try HubStore.parentContacts(parsing: contacts) }
                let acting = store.acting(as: visit.actor)
                try await acting.updateStudent(student, property: visit.property.id)
                if let contacts = form.parentContact { try await acting.setParentContacts(contacts, of: id, property: visit.property.id) }
                return try await studentPage(visit, id: id, notice: "Saved.")
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await studentPage(visit, id: id, problem: error.message, status: .unprocessableContent)
            }
        }
    }

    /// The student id in a `/students/:id` path, as `ConsoleVisit.studentLink` percent-encoded it (any id the roster
    /// accepts: spaces, `/`, `?`, `%` and every script).
    static func studentID(_ context: HubRequestContext) throws -> String {
        guard let id = try context.parameters.require("id").removingPercentEncoding else {
            throw ConsoleError(.notFound, "no such student: the address is not a student's")
        }
        return id
    }

    /// The largest roster upload the console reads: a CSV of tens of thousands of students is well under it.
    static let largestRosterUpload = 8 * 1_048_576

    /// A roster CSV uploaded as `multipart/form-data`: the same rules and messages as `roster import`; a bad row
    /// is shown with its line and field, and nothing changes. A file over the limit gets the roster page saying so (413).
    private func upload(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        var request = request
        guard let body = try await Self.uploadBody(&request, upTo: Self.largestRosterUpload) else {
            let problem =
                "the file is larger than \(Self.largestRosterUpload / 1_048_576) MB; split the roster, or import it with kiosk-hub roster import"
            return try await rosterPage(try await visit(request, context), problem: problem, status: .contentTooLarge)
        }
        guard let type = request.headers[.contentType], let form = UploadForm(body: body, contentType: type) else {
            throw ConsoleError(.badRequest, "a roster upload is a multipart/form-data form")
        }
        let visit = try await checkedVisit(request, context, envelope: form.envelope)
        return try await rosterChange(visit) {
            let rows = try form.rosterRows()
            let summary = try await store.acting(as: visit.actor).importRoster(
                rows,
                file: form.fileName,
                replace: form.replace,
                property: visit.property.id
            )
            return "Imported \(form.fileName): \(summary.students) students, \(summary.tags) cards"
                + (summary.removedStudents > 0 ? ", \(summary.removedStudents) students removed." : ".")
        }
    }

    /// Runs a roster change and shows the roster with what it did, or with the problem (422) and nothing changed.
    private func rosterChange(_ visit: ConsoleVisit, _ change: () async throws -> String) async throws -> Response {
        do {
            return try await rosterPage(visit, notice: try await change())
        } catch let error as KioskError where error.domain.isRequestProblem {
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
        let students = roster.map {
            RosterStudent(
                id: $0.student.id,
                name: $0.student.name,
                room: $0.student.room,
                status: $0.student.status.rawValue,
                cards: $0.tags.map(\.hex).joined(separator: " "),
                link: visit.studentLink($0.student.id)
            )
        }
        let unknown = report.attendance.unknownTags.map { UnknownCard(uid: $0.uid.hex, reads: $0.reads, lastSeen: face.time($0.lastSeen)) }
        let page = RosterPage(students: students, count: students.count, unknown: unknown)
        return try ConsoleResponse.page(visit.page(page, title: "Roster", current: "/roster", notice: notice, problem: problem), status: status)
    }

    func studentPage(
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
        let history = try await store.history(ofStudent: id, property: visit.property.id, now: now).map {
            StudentTap(
                time: face.dateTime($0.occurredAt),
                outcome: ConsoleWords.outcome(of: $0),
                gate: ConsoleWords.gate($0.kioskID),
                note: $0.reason ?? ""
            )
        }
        let page = StudentPage(
            id: entry.student.id,
            path: visit.studentLink(entry.student.id),
            name: entry.student.name,
            room: entry.student.room,
            active: entry.student.status.rawValue,
            isActive: entry.student.status == .active,
            status: today.map { ReportWording.status($0.status) } ?? "not on the active roster",
            cards: entry.tags.map { StudentCard(uid: $0.hex) },
            parentContact: try await store.parentContacts(of: id, property: visit.property.id).map(\.value).joined(separator: "; "),
            photoPath: visit.studentPhotoLink(id),
            photo: try await store.studentPhoto(id, property: visit.property.id).map { visit.studentPhotoLink(id) + "&v=" + $0.digest.prefix(16) },
            history: history,
            historyDays: HubStore.studentHistoryDays
        )
        return try ConsoleResponse.page(
            visit.page(page, title: entry.student.name, current: "/roster", notice: notice, problem: problem),
            status: status
        )
    }
}

extension String {
    /// Without surrounding white space.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
