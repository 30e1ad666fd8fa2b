import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskReaders
import KioskTesting
import Logging

/// A journal with a small roster, and a recorder that notes every result, for reads through `Journal.record`.
struct CheckInFixture {
    /// Removed with everything in it when the last copy of the fixture goes away.
    private let scratch: ScratchDirectory
    let journal: Journal
    let results = RecordedResults()
    let rules = AttendanceRules(
        policy: AttendancePolicy(
            timeZone: TimeZone(identifier: "Asia/Kolkata")!,
            dayStartsAt: TimeOfDay(hour: 4, minute: 0)!,
            curfew: TimeOfDay(hour: 22, minute: 30)!,
            debounceSeconds: 10,
            initialState: .in
        )
    )

    init() async throws {
        scratch = try ScratchDirectory("readers")
        journal = try Journal.open(path: scratch.url.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1")
        let csv = """
            student_id,name,room,tag_uid
            S001,Asha Verma,101,04A1B2C3
            S002,Ravi Kumar,102,04A1B2C3D4E5F6
            S003,Meera Das,103,04A1B2C3D4E5F6071829
            """
        _ = try await journal.importRoster(try RosterCSV.parse(csv, file: "roster.csv"), file: "roster.csv", replace: false)
    }

    var recorder: TapRecorder {
        let results = self.results
        return TapRecorder(journal: journal, rules: rules, logger: Logger(label: "test.checkin")) { presentation, result in
            results.add(presentation, result)
        }
    }
}

/// What the recorder reported, with the instant each commit returned.
final class RecordedResults: @unchecked Sendable {
    struct Entry {
        let presentation: CardPresentation
        let result: TapRecorder.Result
        let committedAt: Date

        var outcome: TapOutcome? {
            if case .recorded(let tap) = result { return tap.outcome }
            return nil
        }
    }

    // `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ presentation: CardPresentation, _ result: TapRecorder.Result) {
        lock.withLock { entries.append(Entry(presentation: presentation, result: result, committedAt: Date())) }
    }

    var all: [Entry] { lock.withLock { entries } }

    /// Waits until `count` results arrived, or `timeout` seconds passed.
    func wait(for count: Int, timeout: Double = 30) async -> [Entry] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while all.count < count, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return all
    }
}
