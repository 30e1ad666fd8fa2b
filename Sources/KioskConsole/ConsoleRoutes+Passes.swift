import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage

extension ConsoleRoutes {
    /// The Passes page: grant a pass or send a request, decide pending requests, cancel a pass.
    func addPassRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/passes") { request, context in try await passesPage(try await visit(request, context)) }
        router.post("/passes") { request, context in
            let (visit, form) = try await formVisit(request, context, as: PassForm.self)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            do {
                guard let from = face.instant(fromInput: form.from) else {
                    throw KioskError(.usage, "a start is YYYY-MM-DDTHH:MM, not '\(form.from)'")
                }
                guard let until = face.instant(fromInput: form.until) else {
                    throw KioskError(.usage, "an end is YYYY-MM-DDTHH:MM, not '\(form.until)'")
                }
                let leave = try LeavePassRequest(studentID: form.studentId, from: from, until: until, reason: form.reason.trimmed)
                let store = store.acting(as: visit.actor)
                if form.action == "request" {
                    let request = try await store.requestPass(leave, property: visit.property.id, settings: passRequests, now: clock.now())
                    let whom = passRequests.passes.parentApproval ? "sent to the parents of \(leave.studentID)" : "waiting for your decision below"
                    return try await passesPage(visit, notice: "Request \(request.id) \(whom).")
                }
                let pass = try await store.createPass(leave, property: visit.property.id)
                return try await passesPage(visit, notice: "Pass \(pass.id) granted to \(pass.studentID) until \(face.dateTime(pass.until)).")
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await passesPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
        router.post("/passes/decide") { request, context in
            let (visit, form) = try await formVisit(request, context, as: DecideRequestForm.self)
            do {
                let pass = try await store.acting(as: visit.actor).decidePassRequest(
                    id: form.id,
                    property: visit.property.id,
                    approve: form.decision == "approve",
                    now: clock.now()
                )
                return try await passesPage(
                    visit,
                    notice: pass.map { "Request \(form.id) approved: pass \($0.id)." } ?? "Request \(form.id) declined."
                )
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await passesPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
        router.post("/passes/cancel") { request, context in
            let (visit, form) = try await formVisit(request, context, as: CancelForm.self)
            do {
                try await store.acting(as: visit.actor).cancelPass(id: form.id, property: visit.property.id)
                return try await passesPage(visit, notice: "Pass \(form.id) cancelled.")
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await passesPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
    }

    private func passesPage(
        _ visit: ConsoleVisit,
        notice: String? = nil,
        problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let now = clock.now()
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let roster = try await store.rosterEntries(property: visit.property.id)
        let names = Dictionary(roster.map { ($0.student.id, $0.student.name) }, uniquingKeysWith: { first, _ in first })
        let passes = try await store.passes(of: visit.property).filter { $0.until >= now }.sorted { $0.from < $1.from }.map {
            PassLine(
                id: $0.id,
                name: names[$0.studentID] ?? $0.studentID,
                link: visit.studentLink($0.studentID),
                from: face.dateTime($0.from),
                until: face.dateTime($0.until),
                reason: $0.reason
            )
        }
        let requests = try await store.passRequests(of: visit.property).filter { $0.leave.until >= now }.map { request in
            let leave = request.leave
            let state = request.state(at: now)
            return RequestLine(
                id: request.id,
                name: names[leave.studentID] ?? leave.studentID,
                link: visit.studentLink(leave.studentID),
                from: face.dateTime(leave.from),
                until: face.dateTime(leave.until),
                reason: leave.reason,
                state: state.rawValue,
                pending: state == .pending
            )
        }
        let page = PassesPage(
            passes: passes,
            requests: requests,
            students: StudentChoice.active(in: roster),
            now: face.inputValue(now),
            timezone: visit.property.policy.timeZone.identifier
        )
        return try ConsoleResponse.page(visit.page(page, title: "Leave passes", current: "/passes", notice: notice, problem: problem), status: status)
    }
}
