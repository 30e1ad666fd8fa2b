public import Foundation
public import KioskCore
import KioskHubStorage

/// What one round of alert decisions added, and when time alone next makes an alert of each property due.
public struct AlertDecisions: Sendable {
    /// The alerts that were new.
    public var added: [Alert] = []
    /// For each property decided: its next curfew with its grace, when all of its alerts are decided again.
    public var nextByTime: [String: Date] = [:]
    /// For each property decided with a gate that may fall silent or is offline: when one of its gates would have
    /// been silent for `gate_offline_seconds`, or the look again at an offline one; only its gate alerts are decided
    /// then, so a chain's heartbeating gates cost no reading of their days (P16).
    public var gatesNextByTime: [String: Date] = [:]
}
