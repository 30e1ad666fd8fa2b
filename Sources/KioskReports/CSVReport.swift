import Foundation
import KioskCore

/// The CSV report: RFC 4180 with CRLF line endings and a UTF-8 BOM first, so spreadsheets detect the encoding.
///
/// Layout, so that a spreadsheet sees one clean table at the top:
/// - the header row `student_id,name,room,status,first_in,last_out,taps,late,pass_id,pass_until,pass_reason`,
///   then one row per student sorted by id, with statuses, ISO 8601 timestamps and `true`/`false` as in the JSON
///   report, and empty fields where JSON has `null`;
/// - an empty line;
/// - a `key,value` header row, then rows `kiosk`, `date`, `timezone`, `day_starts_at`, `curfew`, `evaluated_at`,
///   `total`, `checked_in`, `checked_out`, `not_returned`, `absent`, `on_leave`, `late`, `pending`, `quarantined`,
///   `last_synced_at` (empty if never), `unsynchronised_clock_reads`, and one `unknown_tag,UID,reads,last_seen`
///   row per unknown tag.
struct CSVReport {
    let report: AttendanceReport

    var rendered: String {
        "\u{FEFF}" + (studentRecords + [[]] + metadataRecords).map(Self.line).joined()
    }

    private var studentRecords: [[String]] {
        let policy = report.attendance.policy
        let header = ["student_id", "name", "room", "status", "first_in", "last_out", "taps", "late", "pass_id", "pass_until", "pass_reason"]
        return [header]
            + report.attendance.students.map { row in
                [
                    row.student.id, row.student.name, row.student.room, row.status.rawValue,
                    timestamp(row.firstIn, policy), timestamp(row.lastOut, policy), String(row.taps), String(row.late),
                    row.pass?.id ?? "", timestamp(row.pass?.until, policy), row.pass?.reason ?? "",
                ]
            }
    }

    private var metadataRecords: [[String]] {
        let attendance = report.attendance
        let policy = attendance.policy
        let summary = attendance.summary
        let completeness = report.completeness
        let settings: [[String]] = [
            ["key", "value"],
            ["kiosk", report.source],
            ["date", attendance.date.description],
            ["timezone", policy.timeZone.identifier],
            ["day_starts_at", policy.dayStartsAt.description],
            ["curfew", policy.curfew.description],
            ["evaluated_at", Timestamp.format(attendance.evaluatedAt, in: policy.timeZone)],
            ["total", String(summary.total)],
            ["checked_in", String(summary.checkedIn)],
            ["checked_out", String(summary.checkedOut)],
            ["not_returned", String(summary.notReturned)],
            ["absent", String(summary.absent)],
            ["on_leave", String(summary.onLeave)],
            ["late", String(summary.late)],
            ["pending", String(completeness.pending)],
            ["quarantined", String(completeness.quarantined)],
            ["last_synced_at", timestamp(completeness.lastSyncedAt, policy)],
            ["unsynchronised_clock_reads", String(completeness.unsynchronisedClockReads)],
        ]
        return settings
            + attendance.unknownTags.map { tag in
                ["unknown_tag", tag.uid.hex, String(tag.reads), Timestamp.format(tag.lastSeen, in: policy.timeZone)]
            }
            + attendance.refusedReads.map { read in
                [
                    "refused_read", read.uid.hex, String(read.reads), Timestamp.format(read.lastSeen, in: policy.timeZone), read.reason.rawValue,
                    read.studentID ?? "",
                ]
            }
    }

    private func timestamp(_ instant: Date?, _ policy: AttendancePolicy) -> String {
        instant.map { Timestamp.format($0, in: policy.timeZone) } ?? ""
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// A field as RFC 4180 writes it: quoted, with inner quotes doubled, when it holds a comma, quote, CR or LF.
    /// A field that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR: a name
    /// such as `=HYPERLINK(…)`) gets a leading `'`, as OWASP recommends, so it is shown as the text it is.
    private static func quoted(_ text: String) -> String {
        let field = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
