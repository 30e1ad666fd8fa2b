import Synchronization

/// The bearer token a `HubClient` sends, replaceable while the client runs: the sync service reads the token
/// file again after the hub rejected the token, and sends the new one from the next request on.
final class HubToken: Sendable {
    private let value: Mutex<String>

    init(_ token: String) {
        value = Mutex(token)
    }

    /// The token sent now; empty when there is none.
    var current: String { value.withLock { $0 } }

    func replace(with token: String) {
        value.withLock { $0 = token }
    }
}
