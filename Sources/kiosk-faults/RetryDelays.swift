import Logging
import Synchronization

/// The sync engine's log, kept only for the delays it chose: every "sync failed; retrying" line carries the
/// delay in `sync.delay_s`.
final class RetryDelays: Sendable {
    private let delays = Mutex<[Double]>([])

    /// All the delays logged so far, in seconds.
    var seconds: [Double] { delays.withLock { $0 } }

    /// A logger whose lines land here.
    var logger: Logger {
        Logger(label: "kiosk-faults.sync") { _ in Handler(delays: self) }
    }

    fileprivate func add(_ delay: Double) {
        delays.withLock { $0.append(delay) }
    }

    private struct Handler: LogHandler {
        let delays: RetryDelays
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            if case .string(let text)? = event.metadata?["sync.delay_s"], let delay = Double(text) { delays.add(delay) }
        }
    }
}
