public import Foundation
import Glibc
import KioskCore
import KioskDashboard
public import Logging
public import ServiceLifecycle

/// Shows the live summary. On a terminal it is redrawn in place at every change and every second (the clock,
/// and a resized window); off a terminal (under systemd, to journald) nothing is drawn: taps and state changes
/// are log lines, written by whoever records them.
public struct SummaryDisplay: Service {
    private let summary: LiveSummary
    private let logger: Logger
    private let colors: Bool
    private let keepsFinalScreen: Bool
    private let output: FileHandle

    /// With `keepsFinalScreen`, the last screen drawn stays on the terminal when the display stops.
    public init(summary: LiveSummary, logger: Logger, colors: Bool, keepsFinalScreen: Bool = false, output: FileHandle = .standardOutput) {
        self.summary = summary
        self.logger = logger
        self.colors = colors
        self.keepsFinalScreen = keepsFinalScreen
        self.output = output
    }

    /// Whether standard output is a terminal that can be redrawn in place.
    public static var standardOutputIsTerminal: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Whether to use colours on the terminal (not with `NO_COLOR`).
    public static var terminalWantsColors: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    public func run() async throws {
        let screen = TerminalScreen(output: output, colors: colors)
        let summary = self.summary
        let ticker = Task {
            while !Task.isCancelled {
                await summary.tick()
                try? await Task.sleep(for: .seconds(1))
            }
        }
        defer { ticker.cancel() }
        await withGracefulShutdownHandler {
            var lastProblem: String?
            for await _ in summary.changes {
                await draw(screen, lastProblem: &lastProblem)
                // A terminal that cannot be written to ends the display, never the kiosk: taps are still logged.
                if let failure = screen.failure {
                    logger.error("the live summary cannot be shown (\(failure)); taps are still recorded and logged")
                    return
                }
            }
        } onGracefulShutdown: {
            Task { await summary.finish() }
        }
        screen.restore(keeping: keepsFinalScreen ? await finalScreen() : [])
    }

    /// The rows left free below the final screen, for what the program prints after it.
    private static let rowsBelowFinalScreen = 12

    /// The summary once more, laid out a little shorter than the terminal so what follows it does not scroll it
    /// away.
    private func finalScreen() async -> [String] {
        let size = Self.terminalSize()
        guard let snapshot = try? await summary.snapshot() else { return [] }
        let height = max(size.height - Self.rowsBelowFinalScreen, 12)
        // Without the padding to the full width, which a terminal may wrap where it measures a script wider.
        var rows = DashboardScreen(width: size.width, height: height).layout(snapshot).prefix(height).map {
            $0.rendered(width: size.width, colors: colors).replacingOccurrences(of: " +(\u{1B}\\[0m)?$", with: "$1", options: .regularExpression)
        }
        while let last = rows.last, last.allSatisfy(\.isWhitespace) { rows.removeLast() }
        return rows
    }

    /// Draws the summary; while the journal cannot be read, a screen that says so (logged once per problem).
    private func draw(_ screen: TerminalScreen, lastProblem: inout String?) async {
        let size = Self.terminalSize()
        let layout = DashboardScreen(width: size.width, height: size.height)
        do {
            screen.draw(layout.layout(try await summary.snapshot()), width: size.width, height: size.height)
            lastProblem = nil
        } catch {
            if error.message != lastProblem { logger.error("live summary cannot read the journal: \(error.message)") }
            lastProblem = error.message
            let lines = layout.layoutUnavailable(kioskID: summary.kioskID, now: summary.now(), problem: error.message, refusal: await summary.refusal)
            screen.draw(lines, width: size.width, height: size.height)
        }
    }

    private static func terminalSize() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
