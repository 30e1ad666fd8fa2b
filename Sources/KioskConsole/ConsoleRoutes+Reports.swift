import Foundation
import Hummingbird
import KioskCore
import KioskHub
import KioskHubServer
import KioskHubStorage
import KioskReports

extension ConsoleRoutes {
    func addReportRoutes(to router: some RouterMethods<HubRequestContext>) {
        router.get("/report") { request, context in
            let (visit, report) = try await dayReport(request, context)
            return try ConsoleResponse.page(
                visit.page(reportPage(report, visit: visit), title: "Day report \(report.attendance.date)", current: "/report")
            )
        }
        for format in [ReportFormat.csv, .html, .json] {
            router.get(RouterPath("/report.\(format.rawValue)")) { request, context in
                let (visit, report) = try await dayReport(request, context)
                let name = "attendance-\(visit.property.id)-\(report.attendance.date).\(format.rawValue)"
                return ConsoleResponse.document(ReportRenderer().render(report, as: format), contentType: Self.contentType(format), filename: name)
            }
        }
        router.get("/month") { request, context in
            let (visit, sheet) = try await monthlySheet(request, context)
            return try ConsoleResponse.page(visit.page(monthPage(sheet, visit: visit), title: "Monthly sheet \(sheet.month)", current: "/month"))
        }
        router.get("/month.csv") { request, context in
            let (visit, sheet) = try await monthlySheet(request, context)
            let csv = MonthlySheetReport(sheet, source: visit.property.name).render(as: .csv)
            return ConsoleResponse.document(csv, contentType: Self.contentType(.csv), filename: "attendance-\(visit.property.id)-\(sheet.month).csv")
        }
    }

    private static func contentType(_ format: ReportFormat) -> String {
        switch format {
        case .csv: "text/csv; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .json: "application/json"
        case .text: "text/plain; charset=utf-8"
        }
    }

    /// The report of the `date` the request names (default the current attendance day).
    private func dayReport(_ request: Request, _ context: HubRequestContext) async throws -> (ConsoleVisit, AttendanceReport) {
        let visit = try await visit(request, context)
        let date = try request.uri.queryParameters["date"].map { text in
            guard let date = AttendanceDate(parsing: String(text)) else { throw ConsoleError(.badRequest, "a date is YYYY-MM-DD, not '\(text)'") }
            return date
        }
        return (visit, try await store.report(for: visit.property, on: date, now: clock.now()))
    }

    /// The monthly sheet of the `month` the request names (default the current one).
    private func monthlySheet(_ request: Request, _ context: HubRequestContext) async throws -> (ConsoleVisit, MonthlySheet) {
        let visit = try await visit(request, context)
        let now = clock.now()
        let month = try request.uri.queryParameters["month"].map { text in
            guard let month = AttendanceMonth(parsing: String(text)) else { throw ConsoleError(.badRequest, "a month is YYYY-MM, not '\(text)'") }
            return month
        }
        let chosen = month ?? AttendanceMonth(containing: visit.property.policy.attendanceDay(containing: now))
        return (visit, try await store.monthlySheet(for: visit.property, month: chosen, now: now))
    }

    private func reportPage(_ report: AttendanceReport, visit: ConsoleVisit) -> DayReportPage {
        let attendance = report.attendance
        let face = ConsoleClockFace(timeZone: attendance.policy.timeZone)
        let students = attendance.students.map {
            ReportStudent(
                id: $0.student.id,
                name: $0.student.name,
                room: $0.student.room,
                status: ReportWording.status($0.status),
                firstIn: face.time($0.firstIn),
                lastOut: face.time($0.lastOut),
                taps: $0.taps,
                late: $0.late ? "late" : "",
                link: visit.studentLink($0.student.id)
            )
        }
        return DayReportPage(
            date: attendance.date.description,
            curfew: attendance.policy.curfew.description,
            evaluatedAt: face.dateTime(attendance.evaluatedAt),
            lastSyncedAt: report.completeness.lastSyncedAt.map(face.dateTime) ?? "never",
            summary: attendance.summary,
            students: students,
            unknown: attendance.unknownTags.map { UnknownCard(uid: $0.uid.hex, reads: $0.reads, lastSeen: face.time($0.lastSeen)) },
            query: visit.propertyQuery + "&date=" + attendance.date.description
        )
    }

    private func monthPage(_ sheet: MonthlySheet, visit: ConsoleVisit) -> MonthPage {
        let rows = sheet.students.map { row in
            let byDay = Dictionary(row.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
            return MonthStudent(
                name: row.student.name,
                room: row.student.room,
                link: visit.studentLink(row.student.id),
                cells: sheet.days.map { byDay[$0].map(MonthlySheetReport.letter) ?? "" },
                totals: MonthlySheetReport.totals(row)
            )
        }
        let days = sheet.days.map { day in
            let present = sheet.students.filter { row in
                row.days.contains { $0.date == day && ["P", "L"].contains(MonthlySheetReport.letter($0)) }
            }
            return MonthDay(day: day.day, present: present.count)
        }
        let previous = sheet.month.adding(months: -1)
        let next = sheet.month.adding(months: 1)
        return MonthPage(
            rows: rows,
            days: days,
            previous: previous.description,
            next: next.description,
            previousQuery: visit.propertyQuery + "&month=\(previous)",
            nextQuery: visit.propertyQuery + "&month=\(next)",
            query: visit.propertyQuery + "&month=\(sheet.month)"
        )
    }
}
