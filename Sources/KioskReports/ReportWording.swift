import Foundation
public import KioskCore

/// The words the human-readable formats share, so text and HTML say the same thing.
public enum ReportWording {
    /// `1 read`, `3 reads`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A status as a warden reads it.
    public static func status(_ status: AttendanceStatus) -> String {
        switch status {
        case .in: "in"
        case .out: "out"
        case .notReturned: "not returned"
        case .absent: "absent"
        case .onLeave: "on leave"
        }
    }

    /// `HH:MM` of an instant in the policy's zone, or `none` when there is no instant.
    static func clock(_ instant: Date?, _ policy: AttendancePolicy, none: String = "--:--") -> String {
        instant.map(policy.timeOfDay(of:)) ?? none
    }

    /// A student's pass as the human-readable formats show it: `until Sun 18:00 (home visit)`.
    static func pass(_ pass: LeavePass, _ policy: AttendancePolicy) -> String {
        "until \(policy.weekdayAndTime(of: pass.until)) (\(pass.reason.singleLine))"
    }

    /// When a hub last acknowledged a batch, or `never`.
    static func lastSync(_ completeness: ReportCompleteness, _ policy: AttendancePolicy) -> String {
        completeness.lastSyncedAt.map { Timestamp.format($0, in: policy.timeZone) } ?? "never"
    }
}
