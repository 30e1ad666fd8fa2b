import Foundation
import KioskHubStorage
import Synchronization

/// Which properties' alerts are decided next: those whose day an announced change touched, and each one once the
/// instant comes at which time alone makes an alert of it due; of those whose gates alone changed (a gate heard
/// again) or may have fallen silent, only the gate alerts. It starts with every property to decide.
final class AlertAgenda: Sendable {
    private struct State {
        var everything = true
        var announced: Set<String> = []
        var dueAt: [String: Date] = [:]
        var gatesDueAt: [String: Date] = [:]
        var gatesAnnounced: Set<String> = []
    }

    private let state = Mutex(State())
    /// Wakes the decisions: a change was announced, or an instant may have come.
    let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init() {
        (wakes, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        wake.yield()
    }

    /// Puts what `change` touched on the agenda, and wakes the decisions.
    func hear(_ change: HubChange) {
        state.withLock { state in
            switch change {
            case .day(let property): state.announced.insert(property)
            case .gates(let property): state.gatesAnnounced.insert(property)
            case .everything: state.everything = true
            case .sessions: return
            }
        }
        wake.yield()
    }

    /// Wakes the decisions to look at the time.
    func ring() {
        wake.yield()
    }

    /// The properties to decide at `now`, taken off the agenda: every one (nil) after `.everything`, else those
    /// announced or due by now.
    func take(now: Date) -> Set<String>? {
        state.withLock { state in
            if state.everything {
                state.everything = false
                state.announced = []
                state.dueAt = [:]
                state.gatesDueAt = [:]
                state.gatesAnnounced = []
                return nil
            }
            let due = state.dueAt.filter { $0.value <= now }.keys
            for property in due { state.dueAt[property] = nil }
            defer { state.announced = [] }
            return state.announced.union(due)
        }
    }

    /// The properties whose gate alerts alone are announced or due at `now`, taken off the agenda; call after
    /// `take(now:)`, and leave out what it decides whole (`whole`, every property when nil).
    func takeGates(now: Date, besides whole: Set<String>?) -> Set<String> {
        state.withLock { state in
            let due = Set(state.gatesDueAt.filter { $0.value <= now }.keys)
            for property in due { state.gatesDueAt[property] = nil }
            defer { state.gatesAnnounced = [] }
            guard let whole else { return [] }
            return due.union(state.gatesAnnounced).subtracting(whole)
        }
    }

    /// Puts `properties` (every one when nil) back after a round that failed.
    func retry(_ properties: Set<String>?) {
        state.withLock { state in
            if let properties {
                state.announced.formUnion(properties)
            } else {
                state.everything = true
            }
        }
    }

    /// When time alone next makes an alert of each of these properties due (`next`), and when only their gate alerts
    /// (`gates`).
    func schedule(_ next: [String: Date], gates: [String: Date] = [:]) {
        state.withLock { state in
            state.dueAt.merge(next) { _, new in new }
            state.gatesDueAt.merge(gates) { _, new in new }
        }
    }
}
