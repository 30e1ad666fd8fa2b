public import Foundation

/// A leave a student asks for, waiting for a parent's decision (with `[passes] parent_approval`) or the warden's
/// (CONTRACT.md "Parents"). An approved request becomes a pass; a declined one never does.
public struct PassRequest: Sendable, Hashable, Identifiable {
    /// Where a request stands.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        case pending
        case approved
        case declined
        /// Nobody decided before its `until`: there is nothing left to approve.
        case expired
    }

    /// A decision taken on it.
    public struct Decision: Sendable, Hashable {
        public let approved: Bool
        /// `user:NAME`, `cli:UNIXUSER` or `parent:CONTACT`.
        public let by: String
        public let at: Date
        /// The pass an approval made.
        public let passID: String?

        public init(approved: Bool, by: String, at: Date, passID: String?) {
            self.approved = approved
            self.by = by
            self.at = at
            self.passID = passID
        }
    }

    public let id: String
    public let leave: LeavePassRequest
    public let createdAt: Date
    public let decision: Decision?

    public init(id: String, leave: LeavePassRequest, createdAt: Date, decision: Decision? = nil) {
        self.id = id
        self.leave = leave
        self.createdAt = createdAt
        self.decision = decision
    }

    /// Its state at `now`: the decision taken, else expired once `until` has passed, else pending.
    public func state(at now: Date) -> State {
        if let decision { return decision.approved ? .approved : .declined }
        return now > leave.until ? .expired : .pending
    }

    /// A new request id (`pr-` and 10 characters of the pass ids' alphabet).
    public static func newID() -> String {
        "pr-" + LeavePass.newID().dropFirst(3)
    }
}

/// How pass requests are decided (`[passes]` in the hub's configuration).
public struct PassSettings: Sendable, Hashable {
    /// Requests go to the students' parents, who approve or decline them from a link.
    public var parentApproval: Bool
    /// The longest leave a request may ask for, in days.
    public var maxDays: Int

    public init(parentApproval: Bool = false, maxDays: Int = 31) {
        self.parentApproval = parentApproval
        self.maxDays = maxDays
    }
}
