import KioskCore
import KioskHub

/// How the console words the domain's values.
enum ConsoleWords {
    /// `IN`, `OUT`, `IGNORED`, `UNKNOWN`, with `(manual)` for a warden's entry.
    static func outcome(of event: EventRecord) -> String {
        switch (event.outcome, event.direction) {
        case (.accepted, .in?): event.kind == .manual ? "IN (manual)" : "IN"
        case (.accepted, _): event.kind == .manual ? "OUT (manual)" : "OUT"
        case (.ignored, _): "IGNORED"
        case (.unknown, _): "UNKNOWN"
        }
    }

    /// A kiosk id, or "web console" for the console's own entries.
    static func gate(_ kioskID: String) -> String {
        kioskID.hasPrefix(HubStore.consoleKioskPrefix) ? "web console" : kioskID
    }
}
