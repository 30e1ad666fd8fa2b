public import Foundation
public import KioskCore

/// The pass requests as `kiosk-hub pass requests` prints them: a table, or the contract's JSON array of
/// `{"id","studentId","from","until","reason","state"}` with instants in the policy's zone.
public struct PassRequestListing: Sendable {
    public let requests: [PassRequest]
    public let policy: AttendancePolicy
    /// The instant their states are taken at.
    public let now: Date

    public init(_ requests: [PassRequest], policy: AttendancePolicy, now: Date) {
        self.requests = requests
        self.policy = policy
        self.now = now
    }

    /// The list as `format`, ending in a newline.
    public func render(as format: LeavePassListing.Format) -> String {
        switch format {
        case .text: text
        case .json: json
        }
    }

    private var json: String {
        JSONValue.array(
            requests.map { request in
                .object([
                    ("id", .string(request.id)),
                    ("studentId", .string(request.leave.studentID)),
                    ("from", .string(Timestamp.format(request.leave.from, in: policy.timeZone))),
                    ("until", .string(Timestamp.format(request.leave.until, in: policy.timeZone))),
                    ("reason", .string(request.leave.reason)),
                    ("state", .string(request.state(at: now).rawValue)),
                ])
            }
        ).serialized() + "\n"
    }

    private var text: String {
        guard !requests.isEmpty else { return "No pass requests.\n" }
        let rows =
            [["ID", "STUDENT", "FROM", "UNTIL", "STATE", "REASON"]]
            + requests.map { request in
                [
                    request.id, request.leave.studentID.singleLine, Timestamp.format(request.leave.from, in: policy.timeZone),
                    Timestamp.format(request.leave.until, in: policy.timeZone), request.state(at: now).rawValue, request.leave.reason.singleLine,
                ]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { cells in
            zip(cells.prefix(5), widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + cells[5]
        }.joined(separator: "\n") + "\n"
    }
}
