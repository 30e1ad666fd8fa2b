import Foundation
import Hummingbird
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

extension ConsoleRoutes {
    func addReportRoutes(to router: Router<BasicRequestContext>) {
        router.get("/report") { request, _ in
            let (visit, report) = try await dayReport(request)
            var context = visit.layout(title: "Day report \(report.attendance.date)", current: "/report")
            context.merge(reportContext(report, visit: visit)) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("day-report", context))
        }
        for format in [ReportFormat.csv, .html, .json] {
            router.get(RouterPath("/report.\(format.rawValue)")) { request, _ in
                let (visit, report) = try await dayReport(request)
                let name = "attendance-\(visit.property.id)-\(report.attendance.date).\(format.rawValue)"
                return ConsoleResponse.document(ReportRenderer().render(report, as: format), contentType: Self.contentType(format), filename: name)
            }
        }
        router.get("/month") { request, _ in
            let (visit, sheet) = try await monthlySheet(request)
            var context = visit.layout(title: "Monthly sheet \(sheet.month)", current: "/month")
            context.merge(monthContext(sheet, visit: visit)) { _, new in new }
            return ConsoleResponse.html(try ConsoleTemplates.render("month", context))
        }
        router.get("/month.csv") { request, _ in
            let (visit, sheet) = try await monthlySheet(request)
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
    private func dayReport(_ request: Request) async throws -> (ConsoleVisit, AttendanceReport) {
        let visit = try await visit(request)
        let date = try request.uri.queryParameters["date"].map { text in
            guard let date = AttendanceDate(parsing: String(text)) else { throw ConsoleError(.badRequest, "a date is YYYY-MM-DD, not '\(text)'") }
            return date
        }
        return (visit, try await store.report(for: visit.property, on: date, now: clock.now()))
    }

    /// The monthly sheet of the `month` the request names (default the current one).
    private func monthlySheet(_ request: Request) async throws -> (ConsoleVisit, MonthlySheet) {
        let visit = try await visit(request)
        let now = clock.now()
        let month = try request.uri.queryParameters["month"].map { text in
            guard let month = AttendanceMonth(parsing: String(text)) else { throw ConsoleError(.badRequest, "a month is YYYY-MM, not '\(text)'") }
            return month
        }
        let chosen = month ?? AttendanceMonth(containing: visit.property.policy.attendanceDay(containing: now))
        return (visit, try await store.monthlySheet(for: visit.property, month: chosen, now: now))
    }

    private func reportContext(_ report: AttendanceReport, visit: ConsoleVisit) -> [String: Any] {
        let attendance = report.attendance
        let face = ConsoleClockFace(timeZone: attendance.policy.timeZone)
        let students: [[String: Any]] = attendance.students.map {
            [
                "id": $0.student.id, "name": $0.student.name, "room": $0.student.room, "status": ReportWording.status($0.status),
                "firstIn": face.time($0.firstIn), "lastOut": face.time($0.lastOut), "taps": $0.taps, "late": $0.late ? "late" : "",
                "link": visit.studentLink($0.student.id),
            ]
        }
        let unknown: [[String: Any]] = attendance.unknownTags.map { ["uid": $0.uid.hex, "reads": $0.reads, "lastSeen": face.time($0.lastSeen)] }
        return [
            "date": attendance.date.description, "curfew": attendance.policy.curfew.description, "evaluatedAt": face.dateTime(attendance.evaluatedAt),
            "lastSyncedAt": report.completeness.lastSyncedAt.map(face.dateTime) ?? "never", "summary": ConsoleWords.summary(attendance.summary),
            "students": students, "unknown": unknown, "hasUnknown": !unknown.isEmpty,
            "query": visit.propertyQuery + "&date=" + attendance.date.description,
        ]
    }

    private func monthContext(_ sheet: MonthlySheet, visit: ConsoleVisit) -> [String: Any] {
        let rows: [[String: Any]] = sheet.students.map { row in
            let byDay = Dictionary(row.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
            let cells: [[String: Any]] = sheet.days.map { ["letter": byDay[$0].map(MonthlySheetReport.letter) ?? ""] }
            let totals = MonthlySheetReport.totals(row)
            return [
                "name": row.student.name, "room": row.student.room, "link": visit.studentLink(row.student.id), "cells": cells,
                "totals": totals.map { ["value": $0] },
            ]
        }
        let days: [[String: Any]] = sheet.days.map { day in
            let present = sheet.students.filter { row in
                row.days.contains { $0.date == day && ["P", "L"].contains(MonthlySheetReport.letter($0)) }
            }
            return ["day": day.day, "present": present.count]
        }
        let previous = sheet.month.adding(months: -1)
        let next = sheet.month.adding(months: 1)
        return [
            "rows": rows, "days": days, "previous": previous.description, "next": next.description,
            "previousQuery": visit.propertyQuery + "&month=\(previous)", "nextQuery": visit.propertyQuery + "&month=\(next)",
            "query": visit.propertyQuery + "&month=\(sheet.month)",
        ]
    }
}
