import Foundation
import GRDB
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubStorage
import KioskReports
import KioskTesting
import KioskWire

/// P9: the chain summary (`kiosk-hub report --all`, `GET /v1/properties/summary`) over 50 properties × 500
/// students with a day of taps each, on the hub's SQLite store, against the raw SQL read of that day's events of every
/// property from the same file.
struct ChainSummaryFigure: BenchFigure {
    let name = "P9"
    let title = "chain summary over 50 properties × 500 students"
    static let properties = 50
    static let students = 500
    static let day = AttendanceDate(parsing: "2026-11-20")!
    static let policy = AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!)

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let tapsPerStudent = run.quick ? 2 : 4
        let directory = try run.directory("p9")
        let store = try HubStore.open(dataDirectory: directory.path, defaultProperty: HubProperty(id: "default", name: "PG", policy: Self.policy))
        let building = ContinuousClock.now
        try await Self.fill(store, tapsPerStudent: tapsPerStudent)
        let built = (ContinuousClock.now - building).milliseconds / 1000
        let now = Self.policy.end(of: Self.day).addingTimeInterval(3600)
        var summaries = Samples()
        var rendered = ""
        for _ in 0..<(run.quick ? 3 : 10) {
            let start = ContinuousClock.now
            rendered = ChainSummaryReport(try await store.chainSummary(on: Self.day, now: now)).json
            summaries.append((ContinuousClock.now - start).milliseconds)
        }
        guard rendered.components(separatedBy: "\"total\": \(Self.students)").count - 1 == Self.properties else {
            throw BenchError("the chain summary does not count \(Self.students) students at each of \(Self.properties) properties")
        }
        let raw = try Self.rawDayRead(
            path: directory.appendingPathComponent("hub.sqlite").path,
            expecting: Self.properties * Self.students * tapsPerStudent
        )
        return FigureResult(
            values: [
                Measured(label: "summary p50", value: summaries.p50, unit: "ms"), Measured(label: "summary max", value: summaries.max, unit: "ms"),
            ],
            baseline: [Measured(label: "raw SQL day read", value: raw, unit: "ms")],
            ratio: summaries.p50 / max(raw, 0.001),
            goal: "≤ 2000 ms for the whole chain",
            met: summaries.max <= 2000,
            note: "\(Self.properties * Self.students) students, \(Self.properties * Self.students * tapsPerStudent) taps that day; hub built in "
                + String(format: "%.1f s", built)
        )
    }

    /// 49 properties besides `default`, each with its roster and `tapsPerStudent` taps of each student on `day`,
    /// pushed through the hub's own store as kiosks' batches.
    private static func fill(_ store: HubStore, tapsPerStudent: Int) async throws {
        let rows = try RosterCSV.parse(NumberedRoster.csv(students: students), file: "numbered roster")
        let start = policy.start(of: day).addingTimeInterval(6 * 3600)
        for index in 0..<properties {
            let property = index == 0 ? "default" : "pg-\(index)"
            if index > 0 { try await store.createProperty(HubProperty(id: property, name: "PG \(index)", policy: policy)) }
            _ = try await store.importRoster(rows, file: "numbered roster", replace: true, property: property)
            let kiosk = "gate-\(property)"
            var events: [EventRecord] = []
            for tap in 0..<tapsPerStudent {
                for student in 0..<students {
                    let seq = Int64(tap * students + student + 1)
                    let at = start.addingTimeInterval(Double(tap * 3600 + student))
                    events.append(NumberedRoster.tapEvent(kioskID: kiosk, seq: seq, student: student, direction: tap % 2 == 0 ? .out : .in, at: at))
                }
            }
            for first in stride(from: 0, to: events.count, by: 1000) {
                let batch = events[first..<min(events.count, first + 1000)].map(WireEvent.init)
                _ = try await store.store(batch, property: property)
            }
        }
    }

    /// The baseline: every event of the day, all properties, fetched with one plain SELECT.
    private static func rawDayRead(path: String, expecting count: Int) throws -> Double {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let start = ContinuousClock.now
        let rows = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM event WHERE occurred_at >= ? AND occurred_at < ?",
                arguments: [Int64(policy.start(of: day).timeIntervalSince1970 * 1000), Int64(policy.end(of: day).timeIntervalSince1970 * 1000)]
            )
        }
        guard rows.count == count else { throw BenchError("the day holds \(rows.count) events, not \(count)") }
        return (ContinuousClock.now - start).milliseconds
    }
}
