import Foundation
import KioskCore
import Testing

@Suite struct ClockMeasurementTests {
    /// A gate whose wall clock is an hour behind, measured over a 40 ms round trip.
    let measurement = ClockMeasurement(
        bootID: "boot-1",
        sentNanoseconds: 10_000_000_000,
        receivedNanoseconds: 10_040_000_000,
        sentAt: Date(timeIntervalSince1970: 1_795_271_587),
        receivedAt: Date(timeIntervalSince1970: 1_795_271_587.04),
        hubMilliseconds: 1_795_275_187_020
    )!

    @Test func theOffsetIsTakenAtTheMidpointWithinHalfTheRoundTrip() {
        #expect(measurement.monotonicNanoseconds == 10_020_000_000)
        #expect(abs(measurement.offset - 3600) < 1e-6)
        #expect(abs(measurement.error - 0.02) < 1e-9)
        #expect(measurement.corrects)
    }

    @Test func anUnsynchronisedReadOfTheSameBootIsPlacedByTheMonotonicClock() throws {
        let read = try #require(measurement.correctedTime(ofReadAt: 4_020_000_000, boot: "boot-1"))
        #expect(abs(read.timeIntervalSince1970 - (1_795_275_187.02 - 6)) < 1e-6)
        #expect(measurement.correctedTime(ofReadAt: 4_020_000_000, boot: "boot-2") == nil)
        #expect(measurement.correctedTime(ofReadAt: 11_000_000_000, boot: "boot-1") == nil)
    }

    @Test func anOffsetWithinTwoSecondsCorrectsNothing() throws {
        let close = try #require(
            ClockMeasurement(
                bootID: "boot-1",
                sentNanoseconds: 5,
                receivedNanoseconds: 5,
                sentAt: Date(timeIntervalSince1970: 100),
                receivedAt: Date(timeIntervalSince1970: 100),
                hubMilliseconds: 101_999
            )
        )
        #expect(!close.corrects && close.correctedTime(ofReadAt: 1, boot: "boot-1") == nil)
        #expect(
            ClockMeasurement(bootID: "b", sentNanoseconds: 9, receivedNanoseconds: 8, sentAt: Date(), receivedAt: Date(), hubMilliseconds: 0) == nil
        )
    }
}
