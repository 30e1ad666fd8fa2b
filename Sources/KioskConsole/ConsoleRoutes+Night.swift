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
}
