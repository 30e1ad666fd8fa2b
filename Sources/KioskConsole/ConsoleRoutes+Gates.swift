import Foundation
import Hummingbird
import KioskConsoleForms
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage

extension ConsoleRoutes {
    func addGateRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/gates") { request, context in
            let visit = try await visit(request, context)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            let now = clock.now()
            let health = GateHealthFacts(face: face, now: now)
            let gates = try await store.gateStates(property: visit.property.id, now: now, offlineSeconds: gateOfflineSeconds)
                .map { gate in
                    GateLine(
                        id: gate.health.kioskID,
                        state: gate.health.offline ? "offline" : "up",
                        lastContact: gate.health.lastContact.map { "\(face.dateTime($0)) (\(GateHealthFacts.age(now.timeIntervalSince($0))) ago)" }
                            ?? "never",
                        lastRecord: gate.lastRecord.map { "\(face.dateTime($0.occurredAt)) \(ConsoleWords.outcome(of: $0))" } ?? "none",
                        log: ConsoleWords.witnessed(gate),
                        health: health.facts(gate.health.heartbeat)
                    )
                }
            return try ConsoleResponse.page(
                visit.page(GatesPage(gates: gates, offlineSeconds: gateOfflineSeconds), title: "Gates", current: "/gates")
            )
        }
        router.get("/chain") { request, context in
            let visit = try await visit(request, context)
            guard visit.session.user.role == .chainOperator else { throw ConsoleError(.forbidden, "the chain page is the operator's") }
            let summary = try await store.chainSummary(now: clock.now())
            let names = Dictionary(try await store.properties().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let rows = summary.properties.map { ChainProperty(id: $0.propertyID, name: names[$0.propertyID] ?? $0.name, summary: $0.summary) }
            return try ConsoleResponse.page(
                visit.page(ChainPage(properties: rows, date: summary.date.description), title: "Chain", current: "/chain")
            )
        }
        router.get("/manual") { request, context in try await manualPage(try await visit(request, context)) }
        router.post("/manual") { request, context in
            let (visit, form) = try await formVisit(request, context, as: ManualEntryForm.self)
            let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
            do {
                guard let direction = Direction(rawValue: form.direction) else { throw KioskError(.usage, "a direction is in or out") }
                guard let instant = face.instant(fromInput: form.time) else {
                    throw KioskError(.usage, "a time is YYYY-MM-DDTHH:MM, not '\(form.time)'")
                }
                let now = clock.now()
                _ = try await store.acting(as: visit.actor).recordManualEntry(
                    studentID: form.studentId,
                    direction: direction,
                    at: instant,
                    reason: form.reason,
                    property: visit.property.id,
                    now: now
                )
                return ConsoleResponse.redirect(to: visit.studentLink(form.studentId))
            } catch let error as KioskError where error.domain.isRequestProblem {
                return try await manualPage(visit, problem: error.message, status: .unprocessableContent)
            }
        }
    }

    private func manualPage(_ visit: ConsoleVisit, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let page = ManualPage(
            students: StudentChoice.active(in: try await store.rosterEntries(property: visit.property.id)),
            now: face.inputValue(clock.now()),
            timezone: visit.property.policy.timeZone.identifier
        )
        return try ConsoleResponse.page(visit.page(page, title: "Manual entry", current: "/manual", problem: problem), status: status)
    }
}
