import Foundation
import Testing

@testable import KioskConsole

@Suite struct ConsoleClockFaceTests {
    let kolkata = ConsoleClockFace(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
    /// 2026-11-21T15:33:07Z, 21:03:07 in Kolkata.
    let instant = Date(timeIntervalSince1970: 1_795_275_187)

    @Test func instantsAreWrittenInThePropertysZone() {
        #expect(kolkata.time(instant) == "21:03")
        #expect(kolkata.dateTime(instant) == "2026-11-21 21:03")
        #expect(kolkata.inputValue(instant) == "2026-11-21T21:03")
        #expect(ConsoleClockFace(timeZone: TimeZone(identifier: "UTC")!).dateTime(instant) == "2026-11-21 15:33")
    }

    @Test func noInstantIsAnEmptyText() {
        #expect(kolkata.time(nil) == "")
        #expect(kolkata.dateTime(nil) == "")
    }

    @Test func theDateAndHourWrapAtTheZonesMidnight() {
        let afterMidnightUTC = Date(timeIntervalSince1970: 1_795_311_000)  // 2026-11-22T01:30:00Z, 07:00 in Kolkata
        #expect(kolkata.dateTime(afterMidnightUTC) == "2026-11-22 07:00")
        let newYearsEveUTC = Date(timeIntervalSince1970: 1_798_747_200)  // 2026-12-31T20:00:00Z, 01:30 in Kolkata
        #expect(kolkata.dateTime(newYearsEveUTC) == "2027-01-01 01:30")
    }

    @Test func anInputValueReadsBackAsItsMinute() {
        #expect(kolkata.instant(fromInput: "2026-11-21T21:03") == Date(timeIntervalSince1970: 1_795_275_180))
        #expect(kolkata.instant(fromInput: "2026-11-21T21:03:07") == instant)
        #expect(kolkata.instant(fromInput: "21:03") == nil)
    }
}
