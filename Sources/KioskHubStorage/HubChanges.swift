import Foundation
import Synchronization

/// The changes one hub process hears of, handed to each of its subscribers (open pages, alert decisions) in the
/// order they were heard.
public final class HubChanges: Sendable {
    /// Names this process in what it announces to others, so that it does not hear its own announcements twice.
    package let origin = UUID().uuidString

    private struct Subscribers {
        var next = 0
        var streams: [Int: AsyncStream<HubChange>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    public init() {}

    /// Every change heard from now on, until the stream's consumer stops reading it.
    public func subscribe() -> AsyncStream<HubChange> {
        let (changes, continuation) = AsyncStream.makeStream(of: HubChange.self)
        let id = subscribers.withLock { subscribers in
            subscribers.next += 1
            subscribers.streams[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.streams.removeValue(forKey: id) }
        }
        return changes
    }

    /// Hands `change` to every subscriber.
    package func publish(_ change: HubChange) {
        for stream in subscribers.withLock({ Array($0.streams.values) }) { stream.yield(change) }
    }
}
