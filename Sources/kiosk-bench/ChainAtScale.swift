import Foundation
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubStorage
import KioskReports
import KioskTesting
import KioskWire

/// P16's chain: `properties` properties (the first is `default`) of `students` students each and one gate each, with
/// a day of taps in the attendance day holding now: every student out in the morning and all but every tenth back in,
/// so that each property has students to list as not returned. Built through the hub's own store on SQLite, with a
/// token for each gate, the chain's operator and a metrics scraper.
struct ChainAtScale {
    let properties: Int
    let students: Int
    let policy: AttendancePolicy
    let day: AttendanceDate

    /// One gate's id, property and token.
    struct Gate: Sendable {
        let kioskID: String
        let property: String
        let token: String
    }

    /// What serving the chain needs: its gates, and the operator's and the scraper's tokens.
    struct Tokens: Sendable {
        let gates: [Gate]
        let chainOperator: String
        let metrics: String
    }

    /// A chain whose attendance day began 12 hours before `now` (UTC), so that the day's taps and the curfew set later
    /// are well inside it.
    init(properties: Int, students: Int, now: Date) {
        self.properties = properties
        self.students = students
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let start = calendar.dateComponents([.hour, .minute], from: now.addingTimeInterval(-12 * 3600))
        policy = AttendancePolicy(timeZone: utc, dayStartsAt: TimeOfDay(hour: start.hour ?? 0, minute: start.minute ?? 0)!)
        day = policy.attendanceDay(containing: now)
    }

    func propertyID(_ index: Int) -> String { index == 0 ? HubProperty.defaultID : "pg-\(index)" }

    /// Builds the chain in `directory`'s hub.sqlite and returns its tokens.
    func build(in directory: URL) async throws -> Tokens {
        let store = try HubStore.open(dataDirectory: directory.path, defaultProperty: HubProperty(id: "default", name: "PG 0", policy: policy))
        let rows = try RosterCSV.parse(NumberedRoster.csv(students: students), file: "numbered roster")
        let morning = policy.start(of: day).addingTimeInterval(3600)
        var gates: [Gate] = []
        for index in 0..<properties {
            let property = propertyID(index)
            if index > 0 { try await store.createProperty(HubProperty(id: property, name: "PG \(index)", policy: policy)) }
            _ = try await store.importRoster(rows, file: "numbered roster", replace: true, property: property)
            let kiosk = "gate-\(index)"
            gates.append(Gate(kioskID: kiosk, property: property, token: try await store.createToken(kioskID: kiosk, property: property)))
            var events: [EventRecord] = []
            for student in 0..<students {
                let out = morning.addingTimeInterval(Double(student))
                events.append(NumberedRoster.tapEvent(kioskID: kiosk, seq: Int64(events.count + 1), student: student, direction: .out, at: out))
            }
            for student in 0..<students where student % 10 != 0 {
                let back = morning.addingTimeInterval(3600 + Double(student))
                events.append(NumberedRoster.tapEvent(kioskID: kiosk, seq: Int64(events.count + 1), student: student, direction: .in, at: back))
            }
            for first in stride(from: 0, to: events.count, by: 1000) {
                _ = try await store.store(events[first..<min(events.count, first + 1000)].map(WireEvent.init), property: property)
            }
        }
        return Tokens(gates: gates, chainOperator: try await store.createOperatorToken(), metrics: try await store.createMetricsToken())
    }

    /// The taps of the day at each property.
    var tapsPerProperty: Int { students + students - (students + 9) / 10 }
}
