import Synchronization

/// Where each running reader says how it is: what it watches, or why it fails. The live summary reads it;
/// the readers write it from their own threads.
public final class ReaderStates: Sendable {
    /// One reader's state as the summary shows it.
    public struct State: Sendable, Hashable {
        public let description: String
        public let healthy: Bool

        public init(description: String, healthy: Bool) {
            self.description = description
            self.healthy = healthy
        }
    }

    private let states = Mutex<(byReader: [String: State], version: Int)>(([:], 0))
    /// The version last given to `onChange`: deliveries are serialised, and one older than that is dropped, so
    /// the last one delivered is always the latest state even when readers change at the same moment.
    private let delivered = Mutex(0)
    private let onChange: @Sendable ([String: State]) -> Void

    /// - Parameter onChange: told every state after each change (e.g. to keep them in a file for `kiosk status`).
    public init(onChange: @escaping @Sendable ([String: State]) -> Void = { _ in }) {
        self.onChange = onChange
    }

    /// The latest state of each reader that reported one, by reader name.
    public var current: [String: State] { states.withLock { $0.byReader } }

    /// Records `reader`'s state.
    public func set(_ reader: String, _ description: String, healthy: Bool) {
        let (all, version) = states.withLock { states in
            states.byReader[reader] = State(description: description, healthy: healthy)
            states.version += 1
            return (states.byReader, states.version)
        }
        delivered.withLock { last in
            guard version > last else { return }
            last = version
            onChange(all)
        }
    }
}
