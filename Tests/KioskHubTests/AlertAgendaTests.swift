import Foundation
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// Which properties' alerts are decided: every one at first, then only those a change touched or whose instant came.
@Test func theAgendaNamesOnlyWhatChangedOrIsDue() {
    let agenda = AlertAgenda()
    let now = Date(timeIntervalSince1970: 1_763_700_000)
    #expect(agenda.take(now: now) == nil)
    #expect(agenda.take(now: now) == [])
    agenda.hear(.day(property: "north"))
    agenda.hear(.gates(property: "west"))
    agenda.hear(.sessions)
    #expect(agenda.take(now: now) == ["north"])
    #expect(agenda.takeGates(now: now, besides: ["north"]) == ["west"])
    agenda.schedule(["south": now.addingTimeInterval(60), "north": now.addingTimeInterval(120)])
    #expect(agenda.take(now: now.addingTimeInterval(59)) == [])
    #expect(agenda.take(now: now.addingTimeInterval(60)) == ["south"])
    #expect(agenda.take(now: now.addingTimeInterval(90)) == [])
    agenda.retry(["east"])
    #expect(agenda.take(now: now.addingTimeInterval(120)) == ["north", "east"])
    agenda.hear(.everything)
    #expect(agenda.take(now: now.addingTimeInterval(121)) == nil)
}

/// A property whose gates alone changed or may have fallen silent has its gate alerts alone decided, unless its whole
/// decision is due then too; after `.everything`, nothing is decided by its gates alone.
@Test func theAgendaNamesWhoseGateAlertsAloneAreDue() {
    let agenda = AlertAgenda()
    let now = Date(timeIntervalSince1970: 1_763_700_000)
    #expect(agenda.take(now: now) == nil)
    agenda.schedule(["north": now.addingTimeInterval(60)], gates: ["north": now.addingTimeInterval(30), "south": now.addingTimeInterval(30)])
    var whole = agenda.take(now: now.addingTimeInterval(29))
    #expect(whole == [] && agenda.takeGates(now: now.addingTimeInterval(29), besides: whole) == [])
    agenda.hear(.day(property: "north"))
    agenda.hear(.gates(property: "north"))
    whole = agenda.take(now: now.addingTimeInterval(30))
    #expect(whole == ["north"])
    #expect(agenda.takeGates(now: now.addingTimeInterval(30), besides: whole) == ["south"])
    #expect(agenda.takeGates(now: now.addingTimeInterval(31), besides: []) == [])
    agenda.schedule([:], gates: ["west": now.addingTimeInterval(40)])
    agenda.hear(.everything)
    whole = agenda.take(now: now.addingTimeInterval(50))
    #expect(whole == nil && agenda.takeGates(now: now.addingTimeInterval(50), besides: whole) == [])
}

/// While changes keep coming, a round of decisions is followed by a pause nineteen times as long, at most 2 s:
/// decisions over a gate's arriving backlog take at most a twentieth of the hub's time, and a small day's round pauses
/// milliseconds.
@Test func aRoundOfDecisionsPausesNineteenTimesItsLengthAtMostTwoSeconds() {
    #expect(AlertService.pause(afterDecidingFor: .milliseconds(2)) == .milliseconds(38))
    #expect(AlertService.pause(afterDecidingFor: .milliseconds(100)) == .milliseconds(1_900))
    #expect(AlertService.pause(afterDecidingFor: .milliseconds(200)) == .seconds(2))
    #expect(AlertService.pause(afterDecidingFor: .seconds(1)) == .seconds(2))
    #expect(AlertService.pause(afterDecidingFor: .zero) == .zero)
}
