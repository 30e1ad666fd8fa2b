public import Foundation

/// How complete the data behind a report is.
public struct ReportCompleteness: Sendable, Hashable {
    /// Records not yet acknowledged by a hub.
    public let pending: Int
    /// Records a hub rejected, kept aside with the reason.
    public let quarantined: Int
    /// When a hub last acknowledged a batch, if ever.
    public let lastSyncedAt: Date?
    /// Reads in the day recorded while the system clock was not synchronised whose times are not corrected: they may
    /// be wrong.
    public let unsynchronisedClockReads: Int
    /// Reads in the day whose times were corrected from the hub's clock (CONTRACT.md "Time of a read"): placed at
    /// their corrected time.
    public let correctedClockReads: Int

    public init(pending: Int, quarantined: Int, lastSyncedAt: Date?, unsynchronisedClockReads: Int, correctedClockReads: Int = 0) {
        self.pending = pending
        self.quarantined = quarantined
        self.lastSyncedAt = lastSyncedAt
        self.unsynchronisedClockReads = unsynchronisedClockReads
        self.correctedClockReads = correctedClockReads
    }
}

/// A daily attendance report: who made it, the attendance, and how complete its data is.
public struct AttendanceReport: Sendable, Hashable {
    /// The kiosk id, or the hub's name for a combined report.
    public let source: String
    public let attendance: DailyAttendance
    public let completeness: ReportCompleteness

    public init(source: String, attendance: DailyAttendance, completeness: ReportCompleteness) {
        self.source = source
        self.attendance = attendance
        self.completeness = completeness
    }
}
