import Foundation
import KioskCore
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test("ISO 8601 with an offset or Z is parsed to the same instant")
    func parsing() throws {
        let expected = Core.at("2026-11-21", "21:03")
        #expect(try Timestamp.parse("2026-11-21T21:03:00+05:30") == expected)
        #expect(try Timestamp.parse("2026-11-21T15:33:00Z") == expected)
        #expect(try Timestamp.parse("2026-11-21T10:33:00-05:00") == expected)
        #expect(try Timestamp.parse("2026-11-21T21:03:00.250+05:30") == expected.addingTimeInterval(0.25))
    }

    @Test(
        "a time without an offset, or garbage, is a usage error naming the text",
        arguments: ["2026-11-21T21:03:00", "yesterday", "", "2026-11-21"]
    )
    func rejected(text: String) {
        let error = #expect(throws: KioskError.self) { try Timestamp.parse(text) }
        #expect(error?.category == .usage)
        #expect(error?.message.contains("'\(text)'") == true)
    }

    @Test("format carries the zone's offset as +HH:MM, as in the contract's 2026-11-22T04:00:00+05:30")
    func formatting() {
        #expect(Timestamp.format(Core.at("2026-11-22", "04:00"), in: Core.kolkata) == "2026-11-22T04:00:00+05:30")
        #expect(Timestamp.format(Core.at("2026-07-01", "12:00", in: Core.london), in: Core.london) == "2026-07-01T12:00:00+01:00")
    }

    @Test("format then parse gives the same instant")
    func roundTrip() throws {
        let instant = Core.at("2026-11-21", "21:03:07")
        for zone in [Core.kolkata, Core.london, TimeZone(identifier: "UTC")!, TimeZone(identifier: "America/St_Johns")!] {
            #expect(try Timestamp.parse(Timestamp.format(instant, in: zone)) == instant)
        }
    }
}

@Suite("Event ids")
struct EventIDTests {
    @Test("an id is a lowercase UUID version 7 with the RFC 9562 variant and the time in its first 48 bits")
    func layout() throws {
        // Later than any id another test makes: ids never go back within a process.
        let instant = Date(timeIntervalSince1970: 4_102_444_800.123)
        let id = EventID.make(at: instant).rawValue
        #expect(id.count == 36)
        #expect(id == id.lowercased())
        #expect(UUID(uuidString: id) != nil)
        let characters = Array(id)
        #expect(characters[14] == "7")
        #expect(["8", "9", "a", "b"].contains(characters[19]))
        let millis = try #require(UInt64(id.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16))
        #expect(millis == 4_102_444_800_123)
    }

    @Test("ids made at later milliseconds sort later")
    func ordering() {
        let base = Date(timeIntervalSince1970: 1_795_732_200)
        var previous = EventID.make(at: base)
        for step in 1...200 {
            let next = EventID.make(at: base.addingTimeInterval(Double(step) * 0.001 + 0.0002))
            #expect(previous < next)
            previous = next
        }
    }

    @Test("ids are unique")
    func unique() {
        let instant = Date(timeIntervalSince1970: 1_795_732_200)
        let ids = (0..<1_000).map { _ in EventID.make(at: instant) }
        #expect(Set(ids).count == 1_000)
    }

    @Test("ids made in one process increase strictly, within a millisecond and when the clock steps back")
    func monotonic() {
        let instant = Date(timeIntervalSince1970: 1_795_732_300)
        let ids = (0..<5_000).map { _ in EventID.make(at: instant) } + [EventID.make(at: Date(timeIntervalSince1970: -5))]
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
    }
}
