import Foundation
import KioskCore
import Testing

@Suite struct ISO8601InstantTests {
    @Test(
        "real instants with an offset or Z are read exactly",
        arguments: [
            ("2026-11-21T21:03:00+05:30", 1_795_275_180.0),
            ("2026-11-21T15:33:00Z", 1_795_275_180.0),
            ("2026-11-21T15:33:00.125Z", 1_795_275_180.125),
            ("2024-02-29T00:00:00-01:00", 1_709_168_400.0),
        ]
    )
    func realInstants(text: String, seconds: Double) throws {
        let instant = try #require(ISO8601Instant.parse(text))
        #expect(abs(instant.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    @Test(
        "impossible or incomplete instants are refused, never shifted",
        arguments: [
            "2026-02-30T10:00:00Z", "2025-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-13-01T10:00:00Z", "2026-00-10T10:00:00Z",
            "2026-11-21T25:00:00Z", "2026-11-21T23:59:60Z", "2026-11-21T23:60:00Z", "2026-11-21T21:03:00", "2026-11-21T21:03:00+24:00",
            "2026-11-21 21:03:00Z", "2026-11-21T21:03:00.Z", "2026-11-21T21:03:00Z ", "", "2026-11-21",
        ]
    )
    func impossibleInstants(text: String) {
        #expect(ISO8601Instant.parse(text) == nil)
        #expect(throws: KioskError.self) { try Timestamp.parse(text) }
    }
}
