import Foundation
import KioskCore
import KioskJournal
import KioskTesting

/// P6's synthetic journal: `students` students × `days` days × 4 taps (out in the morning, in at lunch, out in
/// the afternoon, in at night, some of them after curfew), written through the journal's own bulk path for
/// other gates' events. Built once per run and shared with P8.
actor YearOfTaps {
    /// The one journal of the run.
    static let shared = YearOfTaps()
    static let students = 500
    static let policy = AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata") ?? .gmt)

    private var built: (directory: URL, days: Int, lastDay: AttendanceDate)?

    /// The data directory holding `journal.sqlite`, the number of days in it and its last day.
    func dataDirectory(in run: ScratchRun) async throws -> (directory: URL, days: Int, lastDay: AttendanceDate) {
        if let built { return built }
        let days = 365
        let directory = try run.directory("year")
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let journal = try await NumberedRoster.journal(
            at: data.appendingPathComponent("journal.sqlite").path,
            kioskID: BenchKiosk.kioskID,
            students: Self.students
        )
        let lastDay = Self.policy.attendanceDay(containing: Date()).previous
        _ = try await Self.fill(journal, days: days, through: lastDay, kioskID: "gate-2")
        // Closed cleanly, as a stopped kiosk leaves its journal.
        try journal.close()
        built = (data, days, lastDay)
        return (data, days, lastDay)
    }

    /// Writes `days` days up to `lastDay` of four taps a day by each student, recorded by `kioskID` with seqs from 1,
    /// through the journal's bulk path for other gates' events; returns how many.
    static func fill(_ journal: Journal, days: Int, through lastDay: AttendanceDate, kioskID: String) async throws -> Int64 {
        var seq: Int64 = 0
        var batch: [EventRecord] = []
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let start = policy.start(of: lastDay.adding(days: -offset))
            for student in 0..<students {
                for (hour, direction) in [(5.0, Direction.out), (9.0, .in), (11.0, .out), (16.0, .in)] {
                    seq += 1
                    // Spread over the hour; one student in fifty comes back after the 22:30 curfew.
                    let late = hour == 16 && student % 50 == 0 ? 7.0 : 0
                    let instant = start.addingTimeInterval((hour + late + Double((student * 7 + Int(seq)) % 60) / 60) * 3600)
                    batch.append(NumberedRoster.tapEvent(kioskID: kioskID, seq: seq, student: student, direction: direction, at: instant))
                }
            }
            if batch.count >= 20_000 {
                _ = try await journal.insertPulled(batch, cursor: seq, at: Date())
                batch.removeAll(keepingCapacity: true)
            }
        }
        _ = try await journal.insertPulled(batch, cursor: seq, at: Date())
        return seq
    }
}
