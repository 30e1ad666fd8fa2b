import Foundation
import KioskCore

extension KioskConfiguration {
    /// Refuses a local command on what the hub owns when the kiosk has `[sync]` (the roster, the leave passes): a
    /// configuration error (78) that names the hub and ends with `advice`, what to do there instead.
    func refuseWhenHubOwns(_ what: String, advice: String) throws(KioskError) {
        guard let sync else { return }
        throw KioskError(
            .configuration,
            "this kiosk takes its \(what) from the hub at \(sync.hubURL.absoluteString) ([sync] in its configuration); \(advice)"
        )
    }
}
