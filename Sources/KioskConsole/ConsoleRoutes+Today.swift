import Foundation
import Hummingbird
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage
import ServiceLifecycle

extension ConsoleRoutes {

    func addTodayRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/") { request, context in
            let visit = try await visit(request, context)
            let today = try await store.today(for: visit.property, now: clock.now())
            let attendance = today.report.attendance
            let page = TodayPage(
                date: attendance.date.description,
                curfew: attendance.policy.curfew.description,
                body: todayBody(today, visit: visit)
            )
            return try ConsoleResponse.page(visit.page(page, title: "Today", current: "/"))
        }
        router.get("/live") { request, context in try await live(request, context) }
    }

    /// Server-sent events: the Today page's live part, again whenever an event reaches the property (through any hub
    /// process sharing the database), until the browser leaves, the session ends or the hub shuts down.
    private func live(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let visit = try await visit(request, context)
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
                            let html = try ConsoleTemplate.render(todayBody(today, visit: visit))
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

    /// The live part of Today.
    func todayBody(_ today: ConsoleToday, visit: ConsoleVisit) -> TodayBody {
        let attendance = today.report.attendance
        let face = ConsoleClockFace(timeZone: attendance.policy.timeZone)
        let names = Dictionary(attendance.students.map { ($0.student.id, $0.student) }, uniquingKeysWith: { first, _ in first })
        func row(_ student: StudentAttendance, at time: String) -> TodayStudent {
            TodayStudent(
                name: student.student.name,
                room: student.student.room,
                gate: today.gates[student.student.id].map(ConsoleWords.gate) ?? "",
                time: time,
                link: visit.studentLink(student.student.id)
            )
        }
        func rows(_ status: AttendanceStatus) -> [TodayStudent] {
            attendance.students.filter { $0.status == status }.sorted { ($0.lastOut ?? .distantPast) < ($1.lastOut ?? .distantPast) }.map {
                row($0, at: face.time($0.lastOut))
            }
        }
        let late = attendance.students.filter(\.late).map { row($0, at: face.time(today.lateArrivals[$0.student.id])) }
        let onLeave = attendance.students.filter { $0.status == .onLeave }.map { row($0, at: face.dateTime($0.pass?.until)) }
        let latest = today.latestEvents.map { event in
            TodayTap(
                time: face.time(event.occurredAt),
                who: event.studentID.flatMap { names[$0]?.name } ?? event.studentID ?? event.uid?.hex ?? "",
                outcome: ConsoleWords.outcome(of: event),
                gate: ConsoleWords.gate(event.kioskID),
                link: event.studentID.map(visit.studentLink)
            )
        }
        return TodayBody(
            summary: attendance.summary,
            evaluatedAt: face.dateTime(attendance.evaluatedAt),
            groups: [
                TodayGroup(heading: "Not returned", id: "not-returned", rows: rows(.notReturned), timeHeading: "Out at"),
                TodayGroup(heading: "Out", id: "out", rows: rows(.out), timeHeading: "Out at"),
                TodayGroup(heading: "On leave", id: "on-leave", rows: onLeave, timeHeading: "Until"),
                TodayGroup(heading: "Late arrivals", id: "late", rows: late, timeHeading: "In at"),
            ],
            latest: latest
        )
    }
}
