import Foundation
import KioskCore

/// The HTML report: one HTML5 document for A4 paper. A summary and the completeness verdict head it, one table lists
/// the students (its header repeats on every page, rows are never split), and lists below say which tags to enrol and
/// how complete the data is; pages are numbered in print. All text from the roster and configuration is escaped.
struct HTMLReport {
    let report: AttendanceReport

    var rendered: String {
        let attendance = report.attendance
        let title = "Attendance \(attendance.date), \(report.source)".htmlEscaped
        let document = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<title>\(title)</title>",
            "<style>",
            PageStyle.rule(size: "A4", margin: "12mm", bottom: "16mm"),
            Self.style,
            "</style>",
            "</head>",
            "<body>",
            "<h1>\(title)</h1>",
        ]
        return (document + summary + stamp + table + unknownTags + refusedReads + completeness + ["</body>", "</html>"]).joined(separator: "\n")
            + "\n"
    }

    private static let style = """
        html { color: #000; background: #fff }
        body { margin: 0; font: 9pt/1.35 sans-serif }
        h1 { font-size: 13pt; margin: 0 0 2mm }
        h2 { font-size: 10pt; margin: 4mm 0 1mm }
        p, ul { margin: 0 0 2mm }
        ul.counts { padding: 0; list-style: none }
        ul.counts li { display: inline; margin-right: 4mm }
        table { width: 100%; border-collapse: collapse }
        thead { display: table-header-group }
        tr { break-inside: avoid; page-break-inside: avoid }
        th, td { padding: 1mm 1.5mm; border-bottom: 0.5pt solid #000; text-align: left; vertical-align: top }
        .number { text-align: right }
        .attention { font-weight: bold }
        .stamp { border: 0.75pt solid #000; padding: 1mm 2mm }
        """

    private var summary: [String] {
        let attendance = report.attendance
        let policy = attendance.policy
        let counts = attendance.summary
        return [
            "<p>Kiosk <strong>\(report.source.htmlEscaped)</strong>, day <strong>\(attendance.date)</strong> "
                + "(\(policy.timeZone.identifier.htmlEscaped), day starts \(policy.dayStartsAt), curfew \(policy.curfew)), "
                + "evaluated at \(time(attendance.evaluatedAt, full: true)).</p>",
            "<ul class=\"counts\">",
            "<li>Total <strong>\(counts.total)</strong></li>",
            "<li>In <strong>\(counts.checkedIn)</strong></li>",
            "<li>Out <strong>\(counts.checkedOut)</strong></li>",
            "<li>Not returned <strong>\(counts.notReturned)</strong></li>",
            "<li>Absent <strong>\(counts.absent)</strong></li>",
            "<li>On leave <strong>\(counts.onLeave)</strong></li>",
            "<li>Late <strong>\(counts.late)</strong></li>",
            "</ul>",
        ]
    }

    private var table: [String] {
        let head = [
            "<table>",
            "<thead><tr><th>ID</th><th>Name</th><th>Room</th><th>Status</th><th>First in</th><th>Last out</th>"
                + "<th class=\"number\">Taps</th><th>Late</th></tr></thead>",
            "<tbody>",
        ]
        let rows = report.attendance.students.map { row in
            let attention = row.status == .notReturned || row.late ? " class=\"attention\"" : ""
            return "<tr\(attention)><td>\(row.student.id.htmlEscaped)</td><td>\(row.student.name.htmlEscaped)</td>"
                + "<td>\(row.student.room.htmlEscaped)</td><td>\(status(row))</td>"
                + "<td>\(row.firstIn.map { time($0) } ?? "")</td><td>\(row.lastOut.map { time($0) } ?? "")</td>"
                + "<td class=\"number\">\(row.taps)</td><td>\(row.late ? "late" : "")</td></tr>"
        }
        let empty = rows.isEmpty ? ["<tr><td colspan=\"8\">No active students.</td></tr>"] : []
        return head + rows + empty + ["</tbody>", "</table>"]
    }

    /// The status, with the pass that explains it for a student on leave.
    private func status(_ row: StudentAttendance) -> String {
        let words = ReportWording.status(row.status)
        guard row.status == .onLeave, let pass = row.pass else { return words }
        return words + " " + ReportWording.pass(pass, report.attendance.policy).htmlEscaped
    }

    /// The completeness verdict with its reasons, under the summary: a printed page says at its top whether it can
    /// be trusted.
    private var stamp: [String] {
        let completeness = report.completeness
        let words = ([completeness.verdict] + completeness.cautions).joined(separator: " ").htmlEscaped
        return ["<p class=\"stamp\(completeness.cautions.isEmpty ? "" : " attention")\">\(words)</p>"]
    }

    private var unknownTags: [String] {
        let tags = report.attendance.unknownTags
        guard !tags.isEmpty else { return ["<p>Unknown tags: none.</p>"] }
        let items = tags.map { tag in
            "<li><code>\(tag.uid.hex)</code>: \(ReportWording.count(tag.reads, "read")), last seen \(time(tag.lastSeen))</li>"
        }
        return ["<h2>Unknown tags, to enrol or check</h2>", "<ul>"] + items + ["</ul>"]
    }

    /// Cards that could not be verified; nothing when there were none.
    private var refusedReads: [String] {
        let reads = report.attendance.refusedReads
        guard !reads.isEmpty else { return [] }
        let items = reads.map { read in
            let student = read.studentID.map { " (student \($0.htmlEscaped))" } ?? ""
            return "<li><code>\(read.uid.hex)</code>\(student): \(read.reason.rawValue), \(ReportWording.count(read.reads, "read")), "
                + "last seen \(time(read.lastSeen))</li>"
        }
        return ["<h2>Cards refused: could not be verified</h2>", "<ul>"] + items + ["</ul>"]
    }

    private var completeness: [String] {
        let completeness = report.completeness
        let lastSync = completeness.lastSyncedAt.map { time($0, full: true) } ?? "never"
        let facts = [
            "<li>Sync: \(completeness.pending) pending, \(completeness.quarantined) quarantined; last sync \(lastSync)</li>",
            "<li>Reads while the clock was unsynchronised: \(completeness.unsynchronisedClockReads)</li>",
            "<li>Clock: \(completeness.correctedClockReads) corrected, \(completeness.unsynchronisedClockReads) uncorrected</li>",
        ]
        let cautions = completeness.cautions.map { "<li>\($0.htmlEscaped)</li>" }
        let verdict =
            cautions.isEmpty
            ? ["<li>\(completeness.verdict.htmlEscaped)</li>"]
            : ["<li class=\"attention\">\(completeness.verdict.htmlEscaped)", "<ul>"] + cautions + ["</ul>", "</li>"]
        return ["<h2>Completeness</h2>", "<ul>"] + facts + verdict + ["</ul>"]
    }

    /// A `<time>` element carrying the full instant, showing `HH:MM` or, when `full`, the whole timestamp.
    private func time(_ instant: Date, full: Bool = false) -> String {
        let policy = report.attendance.policy
        let stamp = Timestamp.format(instant, in: policy.timeZone)
        return "<time datetime=\"\(stamp)\">\(full ? stamp : policy.timeOfDay(of: instant))</time>"
    }
}

extension String {
    /// The text safe in HTML content and quoted attributes: `&`, `<`, `>`, `"` and `'` as character references.
    var htmlEscaped: String {
        var escaped = ""
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
