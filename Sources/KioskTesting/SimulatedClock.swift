public import Foundation
public import KioskCore

/// A wall clock that runs at the real rate from a chosen instant, for the test process and for every program a
/// test starts, so no test depends on the time of day it happens to run at.
public struct SimulatedClock: Sendable {
    /// Seconds from the real clock to this one, whole.
    public let offset: Int

    /// A clock that reads `start` now and runs on from there.
    public init(startingAt start: Date) {
        offset = Int(start.timeIntervalSinceNow.rounded())
    }

    /// The clock for code running in the test process.
    public var wallClock: WallClock {
        let offset = Double(offset)
        return WallClock { Date().addingTimeInterval(offset) }
    }

    /// The environment that puts a program of this package, built for debugging, on this clock (`WallClock.system`
    /// reads `KIOSK_CLOCK_OFFSET_SECONDS` there). Not libfaketime: under it Swift's `Task.sleep` never returns, so
    /// the programs would hang at their first timer.
    public var environment: [String: String] { ["KIOSK_CLOCK_OFFSET_SECONDS": "\(offset)"] }

    /// `command` prefixed so that it runs on this clock (for a command that another program starts, such as tmux).
    public func command(_ command: [String]) -> [String] {
        ["/usr/bin/env", "KIOSK_CLOCK_OFFSET_SECONDS=\(offset)"] + command
    }

    /// The true clock: for a program that must read the same time as the machine (a hub measured against it).
    public static let trueClock = SimulatedClock(startingAt: Date())

    /// The clock every test shares unless it chooses an instant: today (in `TestInstant.zone`) at 12:00, well
    /// after the day's start and well before curfew, or at the `TestInstant` named by `KIOSK_TEST_INSTANT` (the test
    /// script runs the command-line suite at each).
    public static let shared: SimulatedClock = {
        let name = ProcessInfo.processInfo.environment["KIOSK_TEST_INSTANT"]
        let instant = TestInstant.chosen.first { $0.name == name } ?? .middayToday
        return SimulatedClock(startingAt: instant.instant)
    }()
}
