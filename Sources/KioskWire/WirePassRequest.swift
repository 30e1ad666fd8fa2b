public import Foundation
public import KioskCore

/// A pass request as a student's export carries it (CONTRACT.md "Parents").
public struct WirePassRequest: Codable, Sendable, Hashable {
    public var id: String
    public var studentId: String
    /// `WireTime`.
    public var from: String
    /// `WireTime`.
    public var until: String
    public var reason: String
    /// `pending`, `approved`, `declined` or `expired`.
    public var state: String

    /// `request` as it stands at `now`.
    public init(_ request: PassRequest, now: Date) {
        id = request.id
        studentId = request.leave.studentID
        from = WireTime.format(request.leave.from)
        until = WireTime.format(request.leave.until)
        reason = request.leave.reason
        state = request.state(at: now).rawValue
    }
}
