import AsyncHTTPClient
import Foundation
public import KioskCore
import KioskJournal
import KioskWire
import NIOHTTP1

extension HubClient {
    /// Sends `request` and returns the hub's answer, measuring the gate's clock against the `Hub-Time` it carries
    /// (midpoint of the request, error half the round trip).
    func exchange(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        let (sentNanoseconds, sentAt) = (host.monotonicNanoseconds(), clock.now())
        let response = try await http.execute(request, timeout: requestTimeout)
        let (receivedNanoseconds, receivedAt) = (host.monotonicNanoseconds(), clock.now())
        if let text = response.headers.first(name: WirePaths.hubTimeHeader), let milliseconds = Int64(text), sentNanoseconds >= 0,
            let measurement = ClockMeasurement(
                bootID: host.bootID,
                sentNanoseconds: UInt64(sentNanoseconds),
                receivedNanoseconds: UInt64(max(receivedNanoseconds, 0)),
                sentAt: sentAt,
                receivedAt: receivedAt,
                hubMilliseconds: milliseconds
            )
        {
            clockReadings.keep(measurement)
        }
        return response
    }

    /// The best measurement of the gate's clock against the hub's since the last one taken, if an answer gave one.
    public func takeClockMeasurement() -> ClockMeasurement? {
        clockReadings.take()
    }

    /// The latest measurement of the gate's clock against the hub's, taken or not; nil before any answer gave one.
    public var latestClockMeasurement: ClockMeasurement? {
        clockReadings.latest
    }
}
