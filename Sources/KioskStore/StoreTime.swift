public import Foundation

extension Date {
    /// Unix milliseconds, the stores' unit of time: the nearest millisecond, so an instant read back from a store
    /// or the wire (where `n / 1000` may fall a hair below `n`) keeps its value. Saturates instead of trapping on an
    /// instant no store can hold (inputs are validated before they get here; this keeps arithmetic from crashing).
    public var storeMillis: Int64 {
        let millis = (timeIntervalSince1970 * 1000).rounded()
        guard millis.isFinite else { return millis > 0 ? .max : .min }
        return Int64(exactly: millis) ?? (millis > 0 ? .max : .min)
    }

    /// The instant `storeMillis` milliseconds after the Unix epoch.
    public init(storeMillis: Int64) {
        self.init(timeIntervalSince1970: Double(storeMillis) / 1000)
    }
}
