public import Foundation
public import KioskCore
import KioskHubStorage

/// What one round of alert decisions added, and when time alone next makes an alert of each property due.
public struct AlertDecisions: Sendable {
    /// The alerts that were new.
    public var added: [Alert] = []
    /// For each property decided: the next curfew with its grace, a gate falling silent, or a look again at an offline
    /// gate, whichever comes first.
    public var nextByTime: [String: Date] = [:]
}
