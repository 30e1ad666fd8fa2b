import Foundation
import GRDB
import KioskCore
import KioskJournal
import KioskReports
import KioskTesting

/// P6: the daily report (query, attendance rules, JSON rendering, as `kiosk report --format json` does) on a
/// journal of 500 students × 365 days × 4 taps, 30 of them one after another, and the monthly sheet of a 31-day
/// month (`kiosk report --month --format json`), against the raw SQL read of one day's and of that month's events
/// from the same file.
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
        let sheet = try await Self.monthlySheets(journal, rules: rules, lastDay: year.lastDay, count: run.quick ? 3 : 10)
        let raw = try Self.rawReads(path: path, spans: days.map { ($0, $0) })
        let rawMonth = try Self.rawReads(path: path, spans: Array(repeating: (sheet.month.days[0], sheet.month.days[30]), count: run.quick ? 3 : 10))
        return FigureResult(
            values: [
                Measured(label: "one day p50", value: report.p50, unit: "ms"), Measured(label: "one day p99", value: report.p99, unit: "ms"),
                Measured(label: "30 days", value: month, unit: "ms"), Measured(label: "monthly sheet p50", value: sheet.samples.p50, unit: "ms"),
                Measured(label: "monthly sheet max", value: sheet.samples.max, unit: "ms"),
            ],
            baseline: [
                Measured(label: "raw SQL day read p50", value: raw.p50, unit: "ms"),
                Measured(label: "raw SQL month read p50", value: rawMonth.p50, unit: "ms"),
            ],
            ratio: report.p50 / max(raw.p50, 0.001),
            goal: "one day p99 ≤ 50 ms, monthly sheet ≤ 500 ms",
            met: report.p99 <= 50 && sheet.samples.max <= 500,
            note: "\(days.count) days sampled across the year; sheet of \(sheet.month) (31 days) \(sheet.samples.count) times, "
                + String(format: "%.1f", sheet.samples.p50 / max(rawMonth.p50, 0.001)) + " × its raw read; journal of "
                + "\(year.days * YearOfTaps.students * 4) events built in " + String(format: "%.1f s", generated.milliseconds / 1000)
        )
    }

    /// The monthly sheet, rendered as JSON, of the latest 31-day month that ended before `lastDay`, `count` times.
    private static func monthlySheets(
        _ journal: Journal,
        rules: AttendanceRules,
        lastDay: AttendanceDate,
        count: Int
    ) async throws -> (month: AttendanceMonth, samples: Samples) {
        var month = AttendanceMonth(containing: lastDay).adding(months: -1)
        while month.days.count < 31 { month = month.adding(months: -1) }
        let now = rules.policy.end(of: month.days[30])
        var samples = Samples()
        for _ in 0..<count {
            let start = ContinuousClock.now
            let json = MonthlySheetReport(try await journal.monthlySheet(month, now: now, rules: rules), source: BenchKiosk.kioskID).render(as: .json)
            samples.append((ContinuousClock.now - start).milliseconds)
            guard json.components(separatedBy: "\"studentId\"").count - 1 == YearOfTaps.students else {
                throw BenchError("the monthly sheet does not list \(YearOfTaps.students) students")
            }
        }
        return (month, samples)
    }

    /// The baseline: every event from the start of each span's first day to the end of its last fetched with one
    /// plain SELECT, nothing decided or rendered.
    private static func rawReads(path: String, spans: [(first: AttendanceDate, last: AttendanceDate)]) throws -> Samples {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        var samples = Samples()
        for (first, last) in spans {
            let start = ContinuousClock.now
            let rows = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM event WHERE occurred_at >= ? AND occurred_at < ?",
                    arguments: [
                        Int64(YearOfTaps.policy.start(of: first).timeIntervalSince1970 * 1000),
                        Int64(YearOfTaps.policy.end(of: last).timeIntervalSince1970 * 1000),
                    ]
                )
            }
            let days = Int((YearOfTaps.policy.end(of: last).timeIntervalSince(YearOfTaps.policy.start(of: first)) / 86_400).rounded())
            guard rows.count == YearOfTaps.students * 4 * days else {
                throw BenchError("\(first)...\(last) holds \(rows.count) events, not \(YearOfTaps.students * 4 * days)")
            }
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return samples
    }
}
