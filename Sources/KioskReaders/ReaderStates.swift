import Synchronization

/// Where each running reader says how it is: what it watches, or why it fails. The live summary reads it;
/// the readers write it from their own threads.
public final class ReaderStates: Sendable {
    /// One reader's state as the summary shows it.
    public struct State: Sendable, Hashable {
        public let description: String
        public let healthy: Bool
    }

    private let states = Mutex<[String: State]>([:])

    public init() {}

    /// The latest state of each reader that reported one, by reader name.
    public var current: [String: State] { states.withLock { $0 } }

    /// Records `reader`'s state.
    public func set(_ reader: String, _ description: String, healthy: Bool) {
        states.withLock { $0[reader] = State(description: description, healthy: healthy) }
    }
}
