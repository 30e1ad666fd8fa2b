import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage
import KioskReports

extension ConsoleRoutes {
    func addNightRoutes(to router: some RouterMethods<HubRequestContext>) {
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
                let request = try LeavePassRequest(studentID: form.studentId, from: from, until: until, reason: form.reason.trimmed)
                let pass = try await store.acting(as: visit.actor).createPass(request, property: visit.property.id)
                return try await passesPage(visit, notice: "Pass \(pass.id) granted to \(pass.studentID) until \(face.dateTime(pass.until)).")
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
        router.get("/muster") { request, context in
            let visit = try await visit(request, context)
            let (muster, kiosks, silent) = try await store.muster(for: visit.property, now: clock.now(), offlineSeconds: gateOfflineSeconds)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let students = muster.students.map { entry in
                MusterStudent(
                    room: entry.student.room,
                    name: entry.student.name,
                    since: face.dateTime(entry.lastTap?.occurredAt),
                    gate: entry.lastTap.flatMap { kiosks[$0.eventID] }.map(ConsoleWords.gate) ?? ""
                )
            }
            let page = MusterPage(students: students, count: students.count, at: face.dateTime(muster.at), silentGates: silent)
            return try ConsoleResponse.page(visit.page(page, title: "Muster", current: "/muster"))
        }
        router.get("/alerts") { request, context in
            let visit = try await visit(request, context)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let alerts = try await store.alerts(property: visit.property.id).map { record in
                let alert = record.alert
                let about =
                    alert.students.isEmpty
                    ? [alert.kiosk.map { "gate \($0)" }, alert.uid.map { "card \($0)" }].compactMap { $0 }.joined(separator: ", ")
                    : alert.students.map { "\($0.name) (room \($0.room))" }.joined(separator: ", ")
                let delivery =
                    record.deliveries.isEmpty
                    ? "no channel" : record.deliveries.map { "\($0.channel): \(AlertListReport.state($0))" }.joined(separator: "; ")
                return AlertLine(
                    made: face.dateTime(record.createdAt),
                    event: alert.event.rawValue.replacingOccurrences(of: "_", with: " "),
                    about: about,
                    delivery: delivery
                )
            }
            return try ConsoleResponse.page(visit.page(AlertsPage(alerts: alerts), title: "Alerts", current: "/alerts"))
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
        let page = PassesPage(
            passes: passes,
            students: StudentChoice.active(in: roster),
            now: face.inputValue(now),
            timezone: visit.property.policy.timeZone.identifier
        )
        return try ConsoleResponse.page(visit.page(page, title: "Leave passes", current: "/passes", notice: notice, problem: problem), status: status)
    }
}
