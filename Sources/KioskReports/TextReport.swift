import Foundation
import KioskCore

/// The text report, every line at most `width` columns: a header naming the kiosk, day and evaluation instant,
/// the summary, the students, the unknown tags to enrol, and how complete the data is.
struct TextReport {
    let report: AttendanceReport
    let width: Int

    var rendered: String {
        let students = TextStudentTable(attendance: report.attendance, width: width).lines + passes
        let sections = [header, summary, students, unknownTags, refusedReads, completeness].filter { !$0.isEmpty }
        let rule = String(repeating: "-", count: width)
        let heavyRule = String(repeating: "=", count: width)
        return ([heavyRule] + sections.joined(separator: [rule]) + [heavyRule]).joined(separator: "\n") + "\n"
    }

    private var header: [String] {
        let attendance = report.attendance
        let policy = attendance.policy
        return [
            "ATTENDANCE REPORT",
            "Kiosk: " + report.source.singleLine,
            "Day: \(attendance.date) (\(policy.timeZone.identifier))",
            "Day starts \(policy.dayStartsAt), curfew \(policy.curfew)",
            "Evaluated at: " + Timestamp.format(attendance.evaluatedAt, in: policy.timeZone),
        ].flatMap { LineFlow.wrap($0, width: width) }
    }

    private var summary: [String] {
        let summary = report.attendance.summary
        let counts = [
            "Total \(summary.total)", "In \(summary.checkedIn)", "Out \(summary.checkedOut)",
            "Not returned \(summary.notReturned)", "Absent \(summary.absent)", "On leave \(summary.onLeave)", "Late \(summary.late)",
        ]
        return LineFlow.lines(counts, width: width, separator: "   ")
    }

    /// The passes of the students on leave, below the table: `S002 on leave until Sun 18:00 (home visit)`.
    private var passes: [String] {
        let policy = report.attendance.policy
        let onLeave = report.attendance.students.filter { $0.status == .onLeave }.compactMap { row in
            row.pass.map { (row.student.id.singleLine, $0) }
        }
        guard !onLeave.isEmpty else { return [] }
        return [""] + onLeave.flatMap { id, pass in LineFlow.wrap("\(id) on leave " + ReportWording.pass(pass, policy), width: width, hanging: 2) }
    }

    private var unknownTags: [String] {
        let tags = report.attendance.unknownTags
        guard !tags.isEmpty else { return ["Unknown tags: none."] }
        let policy = report.attendance.policy
        return LineFlow.wrap("Unknown tags to enrol: \(tags.count)", width: width)
            + tags.flatMap { tag in
                let details = [tag.uid.hex, ReportWording.count(tag.reads, "read"), "last " + ReportWording.clock(tag.lastSeen, policy)]
                return LineFlow.lines(details, width: width, indent: 2, separator: "  ")
            }
    }

    /// Cards that could not be verified, for the warden; nothing when there were none.
    private var refusedReads: [String] {
        let reads = report.attendance.refusedReads
        guard !reads.isEmpty else { return [] }
        let policy = report.attendance.policy
        return LineFlow.wrap("Cards refused, see the student: \(reads.count)", width: width)
            + reads.flatMap { read in
                let details = [
                    read.uid.hex, (read.studentID ?? "no student").singleLine, read.reason.rawValue, ReportWording.count(read.reads, "read"),
                    "last " + ReportWording.clock(read.lastSeen, policy),
                ]
                return LineFlow.lines(details, width: width, indent: 2, separator: "  ")
            }
    }

    private var completeness: [String] {
        let completeness = report.completeness
        let facts = [
            "Sync: \(completeness.pending) pending, \(completeness.quarantined) quarantined",
            "Last sync: " + ReportWording.lastSync(completeness, report.attendance.policy),
            "Unsynchronised-clock reads: \(completeness.unsynchronisedClockReads)",
            "Clock: \(completeness.correctedClockReads) corrected, \(completeness.unsynchronisedClockReads) uncorrected",
            completeness.cautions.isEmpty ? completeness.verdict : completeness.verdict.uppercased(),
        ]
        return facts.flatMap { LineFlow.wrap($0, width: width) }
            + completeness.cautions.flatMap { LineFlow.wrap("- " + $0, width: width, hanging: 2) }
    }
}
