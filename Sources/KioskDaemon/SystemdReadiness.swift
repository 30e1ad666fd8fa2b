import KioskSystemd
import ServiceLifecycle

/// Tells systemd the kiosk is ready once its service group runs (journal open, readers started, signals
/// handled), and that it is stopping when the graceful shutdown begins.
struct SystemdReadiness: Service {
    let notifier: SystemdNotifier

    func run() async throws {
        notifier.ready()
        try? await gracefulShutdown()
        notifier.stopping()
    }
}
