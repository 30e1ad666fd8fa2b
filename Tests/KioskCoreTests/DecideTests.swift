import Foundation
import KioskCore
import Testing

@Suite("decide(): debounce and direction")
struct DecideTests {
    let rules = Core.rules(debounce: 10)
    let t = Core.at("2026-11-21", "21:03:00")

    func tap(_ instant: Date, _ direction: Direction) -> AcceptedTap {
        AcceptedTap(studentID: "S001", occurredAt: instant, direction: direction, eventID: Core.eventID(1))
    }

    @Test("t' = t - debounce is outside the window: the read is accepted")
    func windowLowerEdge() {
        let latest = tap(t.addingTimeInterval(-10), .in)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: latest) == .accepted(.out))
    }

    @Test("t' = t - debounce + 1 ms is inside the window: the read is ignored")
    func windowJustInside() {
        let latest = tap(t.addingTimeInterval(-10 + 0.001), .in)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: latest) == .ignored(previous: latest))
    }

    @Test("t' = t is inside the window: the read is ignored")
    func sameInstant() {
        let latest = tap(t, .out)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: latest) == .ignored(previous: latest))
    }

    @Test("every offset inside (t - debounce, t] ignores, every offset at or before t - debounce accepts")
    func windowSweep() {
        for tenths in 0...150 {
            let latest = tap(t.addingTimeInterval(-Double(tenths) / 10), .in)
            let decision = rules.decide(at: t, reader: .in, latestAccepted: latest)
            if tenths < 100 {
                #expect(decision == .ignored(previous: latest), "t' = t - \(Double(tenths) / 10)")
            } else {
                #expect(decision == .accepted(.in), "t' = t - \(Double(tenths) / 10)")
            }
        }
    }

    @Test("the window follows debounce_seconds", arguments: [1, 5, 30, 300])
    func otherDebounce(seconds: Int) {
        let rules = Core.rules(debounce: seconds)
        let inside = tap(t.addingTimeInterval(-Double(seconds) + 0.001), .in)
        let edge = tap(t.addingTimeInterval(-Double(seconds)), .in)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: inside) == .ignored(previous: inside))
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: edge) == .accepted(.out))
    }

    @Test("fixed readers are debounced too")
    func fixedReadersDebounced() {
        let latest = tap(t.addingTimeInterval(-3), .in)
        #expect(rules.decide(at: t, reader: .in, latestAccepted: latest) == .ignored(previous: latest))
        #expect(rules.decide(at: t, reader: .out, latestAccepted: latest) == .ignored(previous: latest))
    }

    @Test("toggle gives the opposite of the latest accepted tap")
    func toggleOpposite() {
        let wasIn = tap(t.addingTimeInterval(-3_600), .in)
        let wasOut = tap(t.addingTimeInterval(-3_600), .out)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: wasIn) == .accepted(.out))
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: wasOut) == .accepted(.in))
    }

    @Test("toggle with no accepted tap gives the opposite of initial_state", arguments: [Direction.in, .out])
    func toggleInitial(initial: Direction) {
        let rules = Core.rules(initial: initial)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: nil) == .accepted(initial.opposite))
    }

    @Test("initial_state is ignored once the student has an accepted tap", arguments: [Direction.in, .out])
    func initialOnlyWithoutHistory(initial: Direction) {
        let rules = Core.rules(initial: initial)
        let wasIn = tap(t.addingTimeInterval(-60), .in)
        #expect(rules.decide(at: t, reader: .toggle, latestAccepted: wasIn) == .accepted(.out))
    }

    @Test("fixed in/out readers give their own direction whatever the state", arguments: [Direction.in, .out])
    func fixedReaders(previous: Direction) {
        let latest = tap(t.addingTimeInterval(-60), previous)
        #expect(rules.decide(at: t, reader: .in, latestAccepted: latest) == .accepted(.in))
        #expect(rules.decide(at: t, reader: .out, latestAccepted: latest) == .accepted(.out))
        #expect(rules.decide(at: t, reader: .in, latestAccepted: nil) == .accepted(.in))
        #expect(rules.decide(at: t, reader: .out, latestAccepted: nil) == .accepted(.out))
    }

    @Test("an ignored read does not extend the window: reads at 0, 6, 12 s give accepted, ignored, accepted")
    func fixedWindow() {
        var simulator = ReadSimulator(rules: rules, activeIDs: ["S001"])
        let outcomes = [0.0, 6, 12].map { seconds in
            simulator.feed(SimulatedRead(subject: .student("S001"), occurredAt: t.addingTimeInterval(seconds), reader: .toggle))
        }
        #expect(outcomes[0] == .accepted(.out))
        guard case .ignored(let previous)? = outcomes[1] else {
            Issue.record("6 s read was not ignored: \(String(describing: outcomes[1]))")
            return
        }
        #expect(previous.occurredAt == t)
        #expect(outcomes[2] == .accepted(.in))
    }

    @Test("AcceptedTap.precedes orders by time, then by event id")
    func precedes() {
        let a = AcceptedTap(studentID: "S001", occurredAt: t, direction: .in, eventID: Core.eventID(2))
        let b = AcceptedTap(studentID: "S001", occurredAt: t, direction: .out, eventID: Core.eventID(3))
        let c = AcceptedTap(studentID: "S001", occurredAt: t.addingTimeInterval(-1), direction: .out, eventID: Core.eventID(9))
        #expect(a.precedes(b))
        #expect(!b.precedes(a))
        #expect(c.precedes(a))
        #expect(!a.precedes(a))
    }
}
