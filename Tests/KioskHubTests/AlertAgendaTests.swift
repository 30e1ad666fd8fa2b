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
    #expect(agenda.take(now: now) == ["north", "west"])
    agenda.schedule(["south": now.addingTimeInterval(60), "north": now.addingTimeInterval(120)])
    #expect(agenda.take(now: now.addingTimeInterval(59)) == [])
    #expect(agenda.take(now: now.addingTimeInterval(60)) == ["south"])
    #expect(agenda.take(now: now.addingTimeInterval(90)) == [])
    agenda.retry(["east"])
    #expect(agenda.take(now: now.addingTimeInterval(120)) == ["north", "east"])
    agenda.hear(.everything)
    #expect(agenda.take(now: now.addingTimeInterval(121)) == nil)
}
