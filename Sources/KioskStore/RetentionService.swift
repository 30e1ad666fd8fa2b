public import Foundation
public import KioskCore
public import Logging
public import ServiceLifecycle

/// Removes what is past keeping (CONTRACT.md "Retention") at start and then at every end of an attendance day, in a
/// task of its own: never on the path of a tap or a push. A failure is logged and tried again a minute later.
public struct RetentionService: Service {
    /// One pass at `now`: how many records it removed, nil when the store is not ready yet (tried again later).
    public typealias Pass = @Sendable (_ now: Date) async throws(KioskError) -> Int?

    private let pass: Pass
    private let policy: AttendancePolicy
    private let clock: WallClock
    private let logger: Logger
    private let retryAfterFailure: Duration

    /// - Parameter policy: whose day ends wake the service.
    public init(
        policy: AttendancePolicy,
        clock: WallClock = .system,
        logger: Logger,
        retryAfterFailure: Duration = .seconds(60),
        pass: @escaping Pass
    ) {
        self.pass = pass
        self.policy = policy
        self.clock = clock
        self.logger = logger
        self.retryAfterFailure = retryAfterFailure
    }

    public func run() async throws {
        let (pass, policy, clock, logger, retryAfterFailure) = (self.pass, self.policy, self.clock, self.logger, self.retryAfterFailure)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = clock.now()
                var wait = Duration.seconds(policy.end(of: policy.attendanceDay(containing: now)).timeIntervalSince(now)) + .seconds(1)
                do {
                    if let removed = try await pass(now) {
                        if removed > 0 {
                            logger.info("retention: \(removed) events past keeping removed", metadata: ["retention.removed": "\(removed)"])
                        }
                    } else {
                        wait = min(wait, retryAfterFailure)
                    }
                } catch {
                    logger.error("retention failed, retrying: \(error)")
                    wait = min(wait, retryAfterFailure)
                }
                try? await Task.sleep(for: wait)
            }
        }
    }
}
