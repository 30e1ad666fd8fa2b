import Foundation
import Synchronization

/// Wrong approval links per address: an address that tried `limit` unknown tokens within `window` is refused until
/// the oldest of them leaves the window, so tokens cannot be guessed from one address.
final class WrongLinkLimit: Sendable {
    private let attempts = Mutex<[String: [Date]]>([:])
    let limit: Int
    let window: TimeInterval

    init(limit: Int = 20, window: TimeInterval = 600) {
        self.limit = limit
        self.window = window
    }

    /// Whether `address` may try a link at `now`.
    func allows(_ address: String, now: Date) -> Bool {
        attempts.withLock { attempts in
            let recent = (attempts[address] ?? []).filter { now.timeIntervalSince($0) < window }
            attempts[address] = recent.isEmpty ? nil : recent
            return recent.count < limit
        }
    }

    /// Counts a wrong token from `address` at `now`.
    func record(_ address: String, now: Date) {
        attempts.withLock { attempts in
            attempts[address, default: []].append(now)
            // An address's old entries go when it comes back; the map stays bounded by pruning everyone now and then.
            if attempts.count > 10_000 { attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0) < window } } }
        }
    }
}
