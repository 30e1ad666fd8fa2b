import KioskCore
import KioskHub

/// How the console words the domain's values.
enum ConsoleWords {
    /// How far the hub witnessed a gate's signed log: `witnessed up to seq 40`, `… up to seq 38 of 40` while the
    /// newest checkpoint is missing or refused, `not witnessed yet`.
    static func witnessed(_ gate: GateState) -> String {
        guard gate.witnessedSeq > 0 else { return gate.heldSeq > 0 ? "not witnessed yet" : "" }
        return gate.witnessedSeq >= gate.heldSeq
            ? "witnessed up to seq \(gate.witnessedSeq)" : "witnessed up to seq \(gate.witnessedSeq) of \(gate.heldSeq)"
    }

    /// `IN`, `OUT`, `IGNORED`, `UNKNOWN`, `REFUSED (reason)`, with `(manual)` for a warden's entry.
    static func outcome(of event: EventRecord) -> String {
        switch (event.outcome, event.direction) {
        case (.accepted, .in?): event.kind == .manual ? "IN (manual)" : "IN"
        case (.accepted, _): event.kind == .manual ? "OUT (manual)" : "OUT"
        case (.ignored, _): "IGNORED"
        case (.unknown, _): "UNKNOWN"
        case (.refused, _): "REFUSED" + (event.reason.map { " (\($0))" } ?? "")
        }
    }

    /// A kiosk id, or "web console" for the console's own entries.
    static func gate(_ kioskID: String) -> String {
        kioskID.hasPrefix(HubStore.consoleKioskPrefix) ? "web console" : kioskID
    }
}
