import Foundation
public import KioskCore

/// The chain summary (`kiosk-hub report --all`, `GET /v1/properties/summary`): one row per property.
public struct ChainSummaryReport: Sendable {
    public let summary: ChainSummary

    public init(_ summary: ChainSummary) {
        self.summary = summary
    }

    /// `{"date", "properties": [{"property", "name", "summary"}]}`, pretty-printed, ending in a newline.
    public var json: String {
        JSONValue.object([
            ("date", .string(summary.date.description)),
            (
                "properties",
                .array(
                    summary.properties.map { row in
                        .object([("property", .string(row.propertyID)), ("name", .string(row.name)), ("summary", JSONReport.object(row.summary))])
                    }
                )
            ),
        ]).serialized() + "\n"
    }

    /// A table with a line per property and a line of totals.
    public var text: String {
        let header = ["PROPERTY", "NAME", "TOTAL", "IN", "OUT", "NOT RETURNED", "ABSENT", "ON LEAVE", "LATE"]
        let rows = summary.properties.map { row in [row.propertyID, row.name.singleLine] + Self.counts(row.summary) }
        let totals = ["all", "\(summary.properties.count) properties"] + Self.counts(Self.sum(summary.properties.map(\.summary)))
        let table = [header] + rows + [totals]
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { cells in
            zip(cells, widths).enumerated().map { index, cell in
                index < 2
                    ? cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0) : String(repeating: " ", count: cell.1 - cell.0.count) + cell.0
            }.joined(separator: "  ")
        }
        return "CHAIN SUMMARY \(summary.date)\n" + lines.joined(separator: "\n") + "\n"
    }

    private static func counts(_ summary: AttendanceSummary) -> [String] {
        [summary.total, summary.checkedIn, summary.checkedOut, summary.notReturned, summary.absent, summary.onLeave, summary.late].map(String.init)
    }

    private static func sum(_ summaries: [AttendanceSummary]) -> AttendanceSummary {
        AttendanceSummary(
            total: summaries.map(\.total).reduce(0, +),
            checkedIn: summaries.map(\.checkedIn).reduce(0, +),
            checkedOut: summaries.map(\.checkedOut).reduce(0, +),
            notReturned: summaries.map(\.notReturned).reduce(0, +),
            absent: summaries.map(\.absent).reduce(0, +),
            onLeave: summaries.map(\.onLeave).reduce(0, +),
            late: summaries.map(\.late).reduce(0, +)
        )
    }
}
