#if PCSC
import Foundation
import KioskTesting
import Testing

extension PCSCReaderTests {
    /// The running `kiosk` process of a tmux session, found by its unique configuration path.
    private func kioskPID(config: String) throws -> Int32 {
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "kiosk\n",
                let arguments = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                arguments.contains(config)
            else { continue }
            return pid
        }
        throw FixtureMissing("no kiosk process runs with \(config)")
    }

    /// Sets the kiosk's soft file-size limit (bytes, or "unlimited"): at 1 byte every journal write fails.
    private func limitFileSize(of pid: Int32, to limit: String) async throws {
        let prlimit = try LoggedProcess(URL(fileURLWithPath: "/usr/bin/prlimit"), ["--pid", "\(pid)", "--fsize=\(limit):"])
        #expect(try await prlimit.exitStatus() == 0)
    }

    /// The live summary as a person at the gate sees it while a virtual card taps through pcscd: name, IN and the
    /// counts appear, redrawn in place. Then the journal cannot be written (the process's file-size limit): the
    /// tap is refused on the screen and on the reader, nothing recorded is lost, and recording resumes.
    @Test func liveSummaryShowsCardTapsAndRefusalsThroughPCSCD() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await kioskConfig(
            roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3D4E5F6\nS002,Bilal Khan,102,04B2C3D4\n"
        )
        let tmux = try TmuxSession(
            command: SimulatedClock.shared.command([KioskServiceProcess.executable.path, "run", "--config", config]),
            width: 80,
            height: 24
        )
        defer { tmux.kill() }
        let ready = try await tmux.waitFor("● entrance watching Kiosk Reader 00 00", timeout: .seconds(10))
        #expect(ready.contains { $0.contains("● entrance watching Kiosk Reader 00 00") })
        #expect(ready.contains { $0.contains("IN 2") && $0.contains("TOTAL 2") })

        let asha = VirtualCard(uid: "04A1B2C3D4E5F6")
        try await asha.tap(untilFeedback: true)
        let afterTap = try await tmux.waitFor("Asha Verma  ·  room 101")
        try #require(afterTap.count == 24)
        #expect(afterTap[0].contains("gate-1") && afterTap[0].contains("attendance day"))
        #expect(afterTap.filter { $0.contains("attendance day") }.count == 1)
        #expect(afterTap.contains { $0.contains("IN      Asha Verma (101)") })
        #expect(afterTap.contains { $0.contains("IN 2") && $0.contains("OUT 0") })
        #expect(asha.feedbackAPDUs == ["FF0040A00401010101"])

        let pid = try kioskPID(config: config)
        try await limitFileSize(of: pid, to: "1")
        let bilal = VirtualCard(uid: "04B2C3D4")
        try await bilal.tap(untilFeedback: true)
        let refused = try await tmux.waitFor("NOT RECORDED")
        try #require(refused.count == 24)
        #expect(refused.contains { $0.contains("Card 04B2C3D4 on entrance: the journal cannot be written") })
        #expect(refused.contains { $0.contains("! journal write failed, nothing was recorded") })
        #expect(refused.contains { $0.contains("IN      Asha Verma (101)") })
        #expect(bilal.feedbackAPDUs == ["FF004050040A010101"])

        try await limitFileSize(of: pid, to: "unlimited")
        try await bilal.tap()
        let resumed = try await tmux.waitFor("Bilal Khan  ·  room 102")
        #expect(!resumed.joined().contains("NOT RECORDED"))
        #expect(!resumed.joined().contains("journal write failed"))
        #expect(resumed.contains { $0.contains("IN      Bilal Khan (102)") })
        #expect(resumed.filter { $0.contains("attendance day") }.count == 1)

        try tmux.sendKeys("C-c")
        let report = try KioskServiceProcess(["report", "--format", "json", "--config", config])
        // Standalone, every recorded event stays pending: Asha's tap before the failure and Bilal's after it.
        _ = try await report.line(containing: "\"pending\": 2")
    }
}
#endif
