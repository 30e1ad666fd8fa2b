import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubStorage

extension ConsoleRoutes {
    func addGateRoutes(to router: Router<BasicRequestContext>) {
        router.get("/gates") { request, _ in
            let visit = try await visit(request)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let gates: [[String: Any]] = try await store.gateStates(property: visit.property.id, now: clock.now(), offlineMinutes: gateOfflineMinutes)
                .map { gate in
                    [
                        "id": gate.kioskID, "state": gate.offline ? "offline" : "online", "lastContact": face.dateTime(gate.lastContact),
                        "lastRecord": gate.lastRecord.map { "\(face.dateTime($0.occurredAt)) \(ConsoleWords.outcome(of: $0))" } ?? "none",
                    ]
                }
            var context = visit.layout(title: "Gates", current: "/gates")
            context.merge(["gates": gates, "hasGates": !gates.isEmpty, "offlineMinutes": gateOfflineMinutes]) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("gates", context))
        }
        router.get("/chain") { request, _ in
            let visit = try await visit(request)
            guard visit.session.user.role == .chainOperator else { throw ConsoleError(.forbidden, "the chain page is the operator's") }
            let summary = try await store.chainSummary(now: clock.now())
            let names = Dictionary(try await store.properties().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let rows: [[String: Any]] = summary.properties.map {
                ["id": $0.propertyID, "name": names[$0.propertyID] ?? $0.name, "summary": ConsoleWords.summary($0.summary)]
            }
            var context = visit.layout(title: "Chain", current: "/chain")
            context.merge(["properties": rows, "date": summary.date.description]) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("chain", context))
        }
        router.get("/manual") { request, _ in try await manualPage(try await visit(request)) }
        router.post("/manual") { request, _ in
            let (visit, form) = try await formVisit(request, as: ManualEntryForm.self)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            do {
                guard let direction = Direction(rawValue: form.direction) else { throw KioskError(.usage, "a direction is in or out") }
                guard let instant = face.instant(fromInput: form.time) else {
                    throw KioskError(.usage, "a time is YYYY-MM-DDTHH:MM, not '\(form.time)'")
                }
                let now = clock.now()
                _ = try await store.recordManualEntry(
                    studentID: form.studentId,
                    direction: direction,
                    at: instant,
                    reason: form.reason,
                    property: visit.property.id,
                    now: now
                )
                return ConsoleResponse.redirect(to: visit.studentLink(form.studentId))
            } catch let error as KioskError where error.category != .ioError {
                return try await manualPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
    }

    private func manualPage(_ visit: ConsoleVisit, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let students: [[String: Any]] = try await store.rosterEntries(property: visit.property.id).filter { $0.student.status == .active }.map {
            ["id": $0.student.id, "name": $0.student.name, "room": $0.student.room]
        }
        var context = visit.layout(title: "Manual entry", current: "/manual")
        context.merge(["students": students, "now": face.inputValue(clock.now()), "timezone": visit.property.policy.timeZone.identifier]) {
            _,
            new in new
        }
        if let problem { context["problem"] = problem }
        return ConsoleResponse.html(try ConsoleTemplates.render("manual", context), status: status)
    }
}
