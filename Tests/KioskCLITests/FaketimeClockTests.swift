import Foundation
import KioskJournal
import KioskTesting
import Testing

@testable import kiosk

/// A gate whose clock is three hours slow (the real `kiosk` under libfaketime, the monotonic clock left true) syncing
/// with a hub on the true clock: the gate measures its offset from `Hub-Time`, corrects its unsynchronised reads and
/// sends the corrections; both reports place the reads on the true clock's day and count them.
@Suite(.enabled(if: !SystemClockStatus.isSynchronised, "the kernel says this clock is synchronised: every read is clockSynced, none is corrected"))
struct FaketimeClockTests {
    static let faketime = URL(fileURLWithPath: "/usr/bin/faketime")

    /// `kiosk` with `arguments` on a wall clock three hours slow.
    func slowKiosk(_ kiosk: KioskSandbox, _ arguments: String...) throws -> KioskRun {
        try KioskRun(
            ["-f", "-3h", KioskRun.executable.path] + arguments + ["--config", kiosk.config],
            environment: ["FAKETIME_DONT_FAKE_MONOTONIC": "1"],
            executable: Self.faketime,
            clock: .trueClock
        )
    }

    @Test func readsOfAGateThreeHoursSlowArePlacedAtTheHubsTime() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.faketime.path), "faketime is not installed (apt-get install faketime)")
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Priya Nair,102,11223344\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1", clock: .trueClock)
        let kiosk = try KioskSandbox(clock: .trueClock).withRoster()
        try kiosk.connect(toHubOnPort: port, token: token)
        for uid in ["04A1B2C3", "11223344"] {
            let tap = try slowKiosk(kiosk, "tap", "--uid", uid)
            #expect(tap.status == 0, "\(tap.stderr)")
        }
        let sync = try slowKiosk(kiosk, "sync", "--once")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try await server.terminate() != nil)

        // The report of the current attendance day, on the true clock (the reports' own zone and day start).
        for report in [
            try kiosk.kiosk("report", "--format", "json"),
            try hub.hub(["report", "--format", "json"], clock: .trueClock),
        ] {
            #expect(report.status == 0, "\(report.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
            #expect(json["clock"] as? [String: Int] == ["corrected": 2, "uncorrected": 0], "\(report.stdout)")
            let students = try #require(json["students"] as? [[String: Any]])
            let asha = try #require(students.first { $0["studentId"] as? String == "S001" })
            #expect(asha["taps"] as? Int == 1)
        }
        let text = try hub.hub(["report"], clock: .trueClock).stdout
        #expect(text.contains("Clock: 2 corrected, 0 uncorrected"), "\(text)")
    }
}
