import Foundation
public import KioskCore

extension WireRoster {
    /// The roster and passes as `GET /v1/roster` sends them, in the order given.
    public init(_ entries: [RosterEntry], passes: [LeavePass]) {
        self.init(entries)
        self.passes = passes.map { pass in
            WirePass(
                id: pass.id,
                studentId: pass.studentID,
                from: WireTime.format(pass.from),
                until: WireTime.format(pass.until),
                reason: pass.reason
            )
        }
    }

    /// The leave passes; one whose instants cannot be read, or that ends before it starts, is left out.
    public var leavePasses: [LeavePass] {
        passes.compactMap { pass in
            guard let from = WireTime.parse(pass.from), let until = WireTime.parse(pass.until), from <= until else { return nil }
            return LeavePass(id: pass.id, studentID: pass.studentId, from: from, until: until, reason: pass.reason)
        }
    }
}
