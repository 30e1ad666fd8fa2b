import Foundation
import Hummingbird
import KioskCore
import KioskHub
import KioskHubStorage
import ServiceLifecycle

extension ConsoleRoutes {

    func addTodayRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let visit = try await visit(request)
            let today = try await store.today(for: visit.property, now: clock.now())
            var context = visit.layout(title: "Today", current: "/")
            context.merge(todayContext(today, visit: visit)) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("today", context))
        }
        router.get("/live") { request, _ in try await live(request) }
    }

    /// Server-sent events: the Today page's live part, again whenever an event reaches the property (through any hub
    /// process sharing the database), until the browser leaves, the session ends or the hub shuts down.
    private func live(_ request: Request) async throws -> Response {
        let visit = try await visit(request)
        var headers = ConsoleResponse.securityHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        let feed = liveToday
        let face = ConsoleClockFace(timeZone: visit.property.policy.timeZone)
        let sessionChanges = store.storage.changes.subscribe()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            let page = await feed.join(visit.property)
            defer { page.close.finish() }
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await sessionEnds(visit.session, changes: sessionChanges)
                        page.close.finish()
                    }
                    for await update in page.updates {
                        switch update {
                        case .today(let today):
                            let html = try ConsoleTemplates.render("today-body", todayContext(today, visit: visit))
                            try await writer.write(ByteBuffer(string: Self.event("today", data: html)))
                        case .quiet:
                            try await writer.write(ByteBuffer(string: Self.event("alive", data: face.dateTime(clock.now()))))
                        }
                    }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                page.close.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Returns once `session` has expired or ended, or the database cannot say it lives (the browser then
    /// reconnects); or when the task is cancelled. It looks at the session again only when `changes` announce that a
    /// session may have ended (signing out, disabling the user, a new password, in any hub process).
    private func sessionEnds(_ session: ConsoleSession, changes: AsyncStream<HubChange>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [clock] in
                _ = try? await Task.sleep(for: .seconds(max(0, session.expiresAt.timeIntervalSince(clock.now()))))
            }
            group.addTask {
                for await change in changes where change.mayEndSessions {
                    guard (try? await store.session(token: session.token, now: clock.now())) != nil else { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// One server-sent event named `name` whose data is `data`, each line its own `data:` field: a line ends at CR, LF or
    /// CRLF, as the browser reads the stream, so no text in a page can end a field early or start a field of its own.
    static func event(_ name: String, data: String) -> String {
        let lines = data.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return "event: \(name)\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
    }

    /// The fields of `today-body`.
    func todayContext(_ today: ConsoleToday, visit: ConsoleVisit) -> [String: Any] {
        let attendance = today.report.attendance
        let face = ConsoleClockFace(timeZone: attendance.policy.timeZone)
        let names = Dictionary(attendance.students.map { ($0.student.id, $0.student) }, uniquingKeysWith: { first, _ in first })
        func rows(_ status: AttendanceStatus) -> [[String: Any]] {
            attendance.students.filter { $0.status == status }.sorted { ($0.lastOut ?? .distantPast) < ($1.lastOut ?? .distantPast) }.map {
                [
                    "name": $0.student.name, "room": $0.student.room, "gate": today.gates[$0.student.id].map(ConsoleWords.gate) ?? "",
                    "time": face.time($0.lastOut), "link": visit.studentLink($0.student.id),
                ]
            }
        }
        let late: [[String: Any]] = attendance.students.filter(\.late).map {
            [
                "name": $0.student.name, "room": $0.student.room, "gate": today.gates[$0.student.id].map(ConsoleWords.gate) ?? "",
                "time": face.time(today.lateArrivals[$0.student.id]), "link": visit.studentLink($0.student.id),
            ]
        }
        let latest: [[String: Any]] = today.latestEvents.map { event in
            let student = event.studentID.flatMap { names[$0] }
            var row: [String: Any] = [
                "time": face.time(event.occurredAt), "outcome": ConsoleWords.outcome(of: event), "gate": ConsoleWords.gate(event.kioskID),
                "who": student?.name ?? event.studentID ?? event.uid?.hex ?? "",
            ]
            if let id = event.studentID { row["link"] = visit.studentLink(id) }
            return row
        }
        let onLeave: [[String: Any]] = attendance.students.filter { $0.status == .onLeave }.map {
            [
                "name": $0.student.name, "room": $0.student.room, "gate": today.gates[$0.student.id].map(ConsoleWords.gate) ?? "",
                "time": face.dateTime($0.pass?.until), "link": visit.studentLink($0.student.id),
            ]
        }
        let groups: [[String: Any]] = [
            ("Not returned", "not-returned", rows(.notReturned), "Out at"), ("Out", "out", rows(.out), "Out at"),
            ("On leave", "on-leave", onLeave, "Until"), ("Late arrivals", "late", late, "In at"),
        ].map { heading, id, rows, timeHeading in
            ["heading": heading, "id": id, "rows": rows, "hasRows": !rows.isEmpty, "timeHeading": timeHeading]
        }
        return [
            "summary": ConsoleWords.summary(attendance.summary), "date": attendance.date.description, "curfew": attendance.policy.curfew.description,
            "evaluatedAt": face.dateTime(attendance.evaluatedAt), "propertyID": visit.property.id, "groups": groups,
            "latest": latest, "hasLatest": !latest.isEmpty,
        ]
    }
}
