import Foundation
import KioskTesting
import Testing

@Suite struct LiveSummaryScreenTests {
    /// At each chosen time of day: an OUT tap counts as OUT before curfew and as NOT RETURNED after it.
    @Test(
        .enabled(if: TmuxSession.isAvailable || ProcessInfo.processInfo.environment["KIOSK_REQUIRE_FIXTURES"] == "1"),
        arguments: TestInstant.chosen
    )
    func showsTapsAsAPersonSeesThemAndRedrawsInPlace(at instant: TestInstant) async throws {
        let clock = instant.clock()
        let kiosk = try KioskSandbox(exitReader: false, clock: clock).withRoster()
        let tmux = try TmuxSession(command: clock.command([KioskRun.executable.path, "run", "--config", kiosk.config]), width: 80, height: 24)
        defer { tmux.kill() }
        let first = try await tmux.waitFor("gate-1", "attendance day", "TOTAL 2")
        try #require(first.count == 24)
        try #require(first.joined().contains("TOTAL 2"), "the summary never came; the kiosk's log:\n\(kiosk.runLog)")
        #expect(first[0].contains("gate-1"))
        #expect(first.contains { $0.contains("TOTAL 2") })

        #expect(try kiosk.kiosk("tap", "--uid", "11223344").stdout.hasPrefix("OUT S002"))
        let afterTap = try await tmux.waitFor("राहुल शर्मा  ·  room 102")
        try #require(afterTap.count == 24)
        #expect(afterTap[0].contains("gate-1"))
        #expect(afterTap.contains { $0.contains(instant.isAfterCurfew ? "NOT RETURNED 1" : "OUT 1") })
        #expect(afterTap.contains { $0.contains(instant.isAfterCurfew ? "OUT 0" : "NOT RETURNED 0") })
        #expect(afterTap.contains { $0.contains("OUT     राहुल शर्मा (102)") })
        #expect(afterTap.filter { $0.contains("attendance day") }.count == 1)

        try tmux.resize(width: 100, height: 30)
        let resized = try await tmux.waitFor(String(repeating: "─", count: 100))
        try #require(resized.count == 30)
        #expect(resized[0].contains("gate-1"))

        try tmux.sendKeys("C-c")
        let start = ContinuousClock.now
        while try tmux.screen().joined().contains("attendance day"), ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try !tmux.screen().joined().contains("attendance day"))
    }

    /// When the demo ends on a terminal, its final summary stays on the screen with the report paths below it.
    @Test(.enabled(if: TmuxSession.isAvailable || ProcessInfo.processInfo.environment["KIOSK_REQUIRE_FIXTURES"] == "1"))
    func theDemoLeavesItsFinalSummaryAboveTheReportPaths() async throws {
        let demo = SimulatedClock.shared.command([KioskRun.executable.path, "demo", "--pace", "0.1"])
        let tmux = try TmuxSession(command: demo, width: 100, height: 60, keepingScreen: true)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("delete it when done", timeout: .seconds(60))
        let total = try #require(screen.firstIndex { $0.contains("TOTAL 6") }, "\(screen.joined(separator: "\n"))")
        let paths = try #require(screen.firstIndex { $0.contains("attendance-") && $0.hasSuffix(".json") })
        #expect(total < paths)
        #expect(screen.contains { $0.contains("Demo finished") })
    }
}
