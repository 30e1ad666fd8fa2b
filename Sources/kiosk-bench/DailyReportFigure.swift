import Foundation
import GRDB
import KioskCore
import KioskJournal
import KioskReports
import KioskTesting

/// P6: the daily report (query, attendance rules, JSON rendering, as `kiosk report --format json` does) on a
/// journal of 500 students × 365 days × 4 taps, and a month of them, against the raw SQL read of one day's
/// events from the same file.
struct DailyReportFigure: BenchFigure {
    let name = "P6"
    let title = "daily report on 500 students × 365 days × 4 taps"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let generation = ContinuousClock.now
        let year = try await YearOfTaps.shared.dataDirectory(in: run)
        let generated = ContinuousClock.now - generation
        let path = year.directory.appendingPathComponent("journal.sqlite").path
        let journal = try Journal.open(path: path, kioskID: BenchKiosk.kioskID, for: .reading)
        let rules = AttendanceRules(policy: YearOfTaps.policy)
        let renderer = ReportRenderer()
        let days = (0..<(run.quick ? 10 : 60)).map { year.lastDay.adding(days: -$0 * 5) }
        var report = Samples()
        var lastJSON = ""
        for day in days {
            let start = ContinuousClock.now
            let daily = try await journal.report(on: day, evaluatedAt: YearOfTaps.policy.end(of: day), rules: rules)
            lastJSON = renderer.render(daily, as: .json)
            report.append((ContinuousClock.now - start).milliseconds)
        }
        guard lastJSON.contains("\"total\": \(YearOfTaps.students)") else {
            throw BenchError("the report does not count \(YearOfTaps.students) students")
        }
        let monthStart = ContinuousClock.now
        for offset in 0..<30 {
            let day = year.lastDay.adding(days: -offset)
            _ = renderer.render(try await journal.report(on: day, evaluatedAt: YearOfTaps.policy.end(of: day), rules: rules), as: .json)
        }
        let month = (ContinuousClock.now - monthStart).milliseconds
        let raw = try Self.rawDayReads(path: path, days: days)
        return FigureResult(
            values: [
                Measured(label: "one day p50", value: report.p50, unit: "ms"), Measured(label: "one day p99", value: report.p99, unit: "ms"),
                Measured(label: "30 days", value: month, unit: "ms"),
            ],
            baseline: [Measured(label: "raw SQL day read p50", value: raw.p50, unit: "ms")],
            ratio: report.p50 / max(raw.p50, 0.001),
            goal: "one day ≤ 50 ms",
            met: report.p99 <= 50,
            note: "\(days.count) days sampled across the year; journal of \(year.days * YearOfTaps.students * 4) events built in "
                + String(format: "%.1f s", generated.milliseconds / 1000)
        )
    }

    /// The baseline: every event of each day fetched with one plain SELECT, nothing decided or rendered.
    private static func rawDayReads(path: String, days: [AttendanceDate]) throws -> Samples {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        var samples = Samples()
        for day in days {
            let start = ContinuousClock.now
            let rows = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM event WHERE occurred_at >= ? AND occurred_at < ?",
                    arguments: [
                        Int64(YearOfTaps.policy.start(of: day).timeIntervalSince1970 * 1000),
                        Int64(YearOfTaps.policy.end(of: day).timeIntervalSince1970 * 1000),
                    ]
                )
            }
            guard rows.count == YearOfTaps.students * 4 else {
                throw BenchError("day \(day) holds \(rows.count) events, not \(YearOfTaps.students * 4)")
            }
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return samples
    }
}
