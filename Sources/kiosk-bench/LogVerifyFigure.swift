import Foundation
import KioskCore
import KioskGateLog
import KioskJournal
import KioskTesting

/// P13b: `kiosk log verify` of a year's journal, 730,000 of the kiosk's own events (500 students, 4 taps a day for
/// 365 days), whose tree was built by the gate's log and a checkpoint signed: every event's leaf recomputed and
/// compared with the stored tree and the checkpoint. The baseline is `kiosk log export` of the same journal, which
/// reads every event and writes its JSON.
struct LogVerifyFigure: BenchFigure {
    let name = "P13b"
    let title = "kiosk log verify of a year's journal (730k events)"
    /// The kiosk whose journal it is.
    static let kioskID = "year"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let days = run.quick ? 36 : 365
        let directory = try run.directory("p13b")
        let kiosk = try await KioskDirectory(at: directory, kioskID: Self.kioskID, sections: "", roster: nil)
        try FileManager.default.createDirectory(at: kiosk.data, withIntermediateDirectories: true)
        let (events, treeSeconds) = try await Self.build(days: days, journalPath: kiosk.journalPath, dataDirectory: kiosk.data.path)
        let journalBytes = try FileManager.default.attributesOfItem(atPath: kiosk.journalPath)[.size] as? Int ?? 0
        var verify = Samples()
        var export = Samples()
        for _ in 0..<3 {
            let verified = try await DedicatedThread.run {
                try MeasuredCommand.run(BenchKiosk.executable, ["log", "verify", "--config", kiosk.config])
            }
            guard verified.status == 0 else { throw BenchError("kiosk log verify exited \(verified.status) on a journal it signed") }
            verify.append(verified.seconds)
            let exported = try await DedicatedThread.run {
                try MeasuredCommand.run(BenchKiosk.executable, ["log", "export", "--config", kiosk.config])
            }
            guard exported.status == 0 else { throw BenchError("kiosk log export exited \(exported.status)") }
            export.append(exported.seconds)
        }
        return FigureResult(
            values: [Measured(label: "\(events / 1000)k events, median", value: verify.p50, unit: "s")],
            baseline: [Measured(label: "log export, median", value: export.p50, unit: "s")],
            ratio: verify.p50 / max(export.p50, 0.001),
            goal: "≤ 5 s for 730k events",
            met: events >= 730_000 && verify.p50 <= 5,
            note: "3 runs each; the tree of \(events) events built by the gate's log in " + String(format: "%.1f s", treeSeconds)
                + String(format: "; the journal %.1f MB", Double(journalBytes) / 1_048_576)
                + (run.quick ? "; a quick run verifies \(days) days, so the goal is not judged" : "")
        )
    }

    /// A journal of `days` days of the kiosk's own taps (YearOfTaps' pattern) with the tree of its log built and a
    /// checkpoint signed by its key in `dataDirectory`; how many events, and the seconds the tree took. The events go in
    /// through the journal's bulk path for other gates' events (written by another kiosk id), then the journal is opened
    /// as their kiosk's.
    private static func build(days: Int, journalPath: String, dataDirectory: String) async throws -> (Int, Double) {
        let writer = try await NumberedRoster.journal(at: journalPath, kioskID: BenchKiosk.kioskID, students: YearOfTaps.students)
        let lastDay = YearOfTaps.policy.attendanceDay(containing: Date()).previous
        let events = try await YearOfTaps.fill(writer, days: days, through: lastDay, kioskID: kioskID)
        try writer.close()
        let journal = try Journal.open(path: journalPath, kioskID: kioskID)
        let building = ContinuousClock.now
        let log = GateLog(journal: journal)
        _ = try await log.extend()
        let treeSeconds = (ContinuousClock.now - building).milliseconds / 1000
        let key = try GateLogKey.loadOrCreate(dataDirectory: dataDirectory, kioskID: kioskID)
        _ = try await log.signCheckpoint(with: key.signer)
        try journal.close()
        return (Int(events), treeSeconds)
    }
}
