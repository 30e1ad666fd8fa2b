import Foundation
public import KioskCore
public import Logging
public import ServiceLifecycle

/// Closes each attendance day when it ends: at start (catching up on days that ended while the kiosk was off)
/// and then at every day boundary. A failure is logged and retried at the next wake, never fatal.
public struct DayCloseService: Service {
    private let dayClose: DayClose
    private let clock: WallClock
    private let logger: Logger
    /// How long to wait after a failure before trying again.
    private let retryAfterFailure: Duration

    public init(dayClose: DayClose, clock: WallClock = .system, logger: Logger, retryAfterFailure: Duration = .seconds(60)) {
        self.dayClose = dayClose
        self.clock = clock
        self.logger = logger
        self.retryAfterFailure = retryAfterFailure
    }

    public func run() async throws {
        let dayClose = self.dayClose
        let clock = self.clock
        let logger = self.logger
        let retryAfterFailure = self.retryAfterFailure
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = clock.now()
                var wait = Duration.seconds(dayClose.nextBoundary(after: now).timeIntervalSince(now)) + .seconds(1)
                do {
                    for day in try await dayClose.catchUp(now: now) {
                        logger.info("attendance day closed", metadata: ["day": "\(day.date)", "report.files": "\(day.files.joined(separator: " "))"])
                        if let problem = day.printProblem {
                            logger.warning("day report not printed: \(problem)", metadata: ["day": "\(day.date)"])
                        }
                    }
                } catch {
                    logger.error("closing the attendance day failed, retrying: \(error)")
                    wait = min(wait, retryAfterFailure)
                }
                try? await Task.sleep(for: wait)
            }
        }
    }
}
