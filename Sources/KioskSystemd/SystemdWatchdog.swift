public import ServiceLifecycle

/// Sends `WATCHDOG=1` to systemd from the service loop while the kiosk runs.
public struct SystemdWatchdog: Service {
    private let notifier: SystemdNotifier
    private let interval: Duration

    public init(notifier: SystemdNotifier, interval: Duration) {
        self.notifier = notifier
        self.interval = interval
    }

    public func run() async throws {
        let notifier = self.notifier
        let interval = self.interval
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                notifier.watchdog()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
