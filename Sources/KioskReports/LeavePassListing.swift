import Foundation
public import KioskCore

/// The leave passes as `kiosk pass list` and `kiosk-hub pass list` print them: a table, or the contract's JSON array
/// of `{"id","studentId","from","until","reason"}` with instants in the policy's zone.
public struct LeavePassListing: Sendable {
    /// How the list is printed.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public let passes: [LeavePass]
    public let policy: AttendancePolicy

    public init(_ passes: [LeavePass], policy: AttendancePolicy) {
        self.passes = passes
        self.policy = policy
    }

    /// The list as `format`, ending in a newline.
    public func render(as format: Format) -> String {
        switch format {
        case .text: text
        case .json: json
        }
    }

    private var json: String {
        JSONValue.array(
            passes.map { pass in
                .object([
                    ("id", .string(pass.id)),
                    ("studentId", .string(pass.studentID)),
                    ("from", .string(Timestamp.format(pass.from, in: policy.timeZone))),
                    ("until", .string(Timestamp.format(pass.until, in: policy.timeZone))),
                    ("reason", .string(pass.reason)),
                ])
            }
        ).serialized() + "\n"
    }

    private var text: String {
        guard !passes.isEmpty else { return "No leave passes.\n" }
        let rows =
            [["ID", "STUDENT", "FROM", "UNTIL", "REASON"]]
            + passes.map { pass in
                [
                    pass.id, pass.studentID.singleLine, Timestamp.format(pass.from, in: policy.timeZone),
                    Timestamp.format(pass.until, in: policy.timeZone), pass.reason.singleLine,
                ]
            }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { cells in
            zip(cells.prefix(4), widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + cells[4]
        }.joined(separator: "\n") + "\n"
    }
}
