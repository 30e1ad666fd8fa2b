import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

extension ConsoleRoutes {
    func addNightRoutes(to router: Router<BasicRequestContext>) {
        router.get("/passes") { request, _ in try await passesPage(try await visit(request)) }
        router.post("/passes") { request, _ in
            let (visit, form) = try await formVisit(request, as: PassForm.self)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            do {
                guard let from = face.instant(fromInput: form.from) else {
                    throw KioskError(.usage, "a start is YYYY-MM-DDTHH:MM, not '\(form.from)'")
                }
                guard let until = face.instant(fromInput: form.until) else {
                    throw KioskError(.usage, "an end is YYYY-MM-DDTHH:MM, not '\(form.until)'")
                }
                let request = try LeavePassRequest(studentID: form.studentId, from: from, until: until, reason: form.reason.trimmed)
                let pass = try await store.createPass(request, property: visit.property.id)
                return try await passesPage(visit, notice: "Pass \(pass.id) granted to \(pass.studentID) until \(face.dateTime(pass.until)).")
            } catch let error as KioskError where error.category != .ioError {
                return try await passesPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
        router.post("/passes/cancel") { request, _ in
            let (visit, form) = try await formVisit(request, as: CancelForm.self)
            do {
                try await store.cancelPass(id: form.id, property: visit.property.id)
                return try await passesPage(visit, notice: "Pass \(form.id) cancelled.")
            } catch let error as KioskError where error.category != .ioError {
                return try await passesPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
        router.get("/muster") { request, _ in
            let visit = try await visit(request)
            let (muster, kiosks, silent) = try await store.muster(for: visit.property, now: clock.now(), offlineMinutes: gateOfflineMinutes)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let students: [[String: Any]] = muster.students.map { entry in
                [
                    "room": entry.student.room, "name": entry.student.name, "since": face.dateTime(entry.lastTap?.occurredAt),
                    "gate": entry.lastTap.flatMap { kiosks[$0.eventID] }.map(ConsoleWords.gate) ?? "",
                ]
            }
            var context = visit.layout(title: "Muster", current: "/muster")
            context.merge(["students": students, "count": students.count, "at": face.dateTime(muster.at), "silentGates": silent]) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("muster", context))
        }
        router.get("/alerts") { request, _ in
            let visit = try await visit(request)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let alerts: [[String: Any]] = try await store.alerts(property: visit.property.id).map { record in
                let alert = record.alert
                let about =
                    alert.students.isEmpty
                    ? [alert.kiosk.map { "gate \($0)" }, alert.uid.map { "card \($0)" }].compactMap { $0 }.joined(separator: ", ")
                    : alert.students.map { "\($0.name) (room \($0.room))" }.joined(separator: ", ")
                let delivery =
                    record.deliveries.isEmpty
                    ? "no channel" : record.deliveries.map { "\($0.channel): \(AlertListReport.state($0))" }.joined(separator: "; ")
                return [
                    "made": face.dateTime(record.createdAt), "event": alert.event.rawValue.replacingOccurrences(of: "_", with: " "), "about": about,
                    "delivery": delivery,
                ]
            }
            var context = visit.layout(title: "Alerts", current: "/alerts")
            context.merge(["alerts": alerts, "hasAlerts": !alerts.isEmpty]) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("alerts", context))
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
        let passes: [[String: Any]] = try await store.passes(of: visit.property).filter { $0.until >= now }.sorted { $0.from < $1.from }.map {
            [
                "id": $0.id, "name": names[$0.studentID] ?? $0.studentID, "link": visit.studentLink($0.studentID), "from": face.dateTime($0.from),
                "until": face.dateTime($0.until), "reason": $0.reason,
            ]
        }
        let students: [[String: Any]] = roster.filter { $0.student.status == .active }.map {
            ["id": $0.student.id, "name": $0.student.name, "room": $0.student.room]
        }
        var context = visit.layout(title: "Leave passes", current: "/passes")
        context.merge(
            [
                "passes": passes, "hasPasses": !passes.isEmpty, "students": students, "now": face.inputValue(now),
                "timezone": visit.property.policy.timeZone.identifier,
            ]
        ) { _, new in new }
        if let notice { context["notice"] = notice }
        if let problem { context["problem"] = problem }
        return ConsoleResponse.html(try ConsoleTemplates.render("passes", context), status: status)
    }
}
