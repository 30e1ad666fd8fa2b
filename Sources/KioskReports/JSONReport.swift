import Foundation
import KioskCore

/// The JSON report of the contract, keys in the contract's order, plus two extensions: `kiosk` (the report's
/// source) last at the top level and `unsynchronisedClockReads` (the reads still uncorrected) last in `sync`; `clock`
/// counts the reads whose times were corrected and those still uncorrected. Absent instants are explicit
/// `null`s, since scripts test for the key.
struct JSONReport {
    let report: AttendanceReport

    /// Pretty-printed UTF-8 JSON ending in a newline.
    var rendered: String {
        document.serialized() + "\n"
    }

    /// The report's `summary` object, also each row of the chain summary.
    static func object(_ summary: AttendanceSummary) -> JSONValue {
        .object([
            ("total", .int(summary.total)),
            ("checkedIn", .int(summary.checkedIn)),
            ("checkedOut", .int(summary.checkedOut)),
            ("notReturned", .int(summary.notReturned)),
            ("absent", .int(summary.absent)),
            ("onLeave", .int(summary.onLeave)),
            ("late", .int(summary.late)),
        ])
    }

    private var document: JSONValue {
        let attendance = report.attendance
        let policy = attendance.policy
        let summary = attendance.summary
        let completeness = report.completeness
        return .object([
            ("date", .string(attendance.date.description)),
            ("timezone", .string(policy.timeZone.identifier)),
            ("dayStartsAt", .string(policy.dayStartsAt.description)),
            ("curfew", .string(policy.curfew.description)),
            ("evaluatedAt", .string(timestamp(attendance.evaluatedAt))),
            ("summary", Self.object(summary)),
            ("students", .array(attendance.students.map(student))),
            ("unknownTags", .array(attendance.unknownTags.map(unknownTag))),
            ("refusedReads", .array(attendance.refusedReads.map(refusedRead))),
            (
                "sync",
                .object([
                    ("pending", .int(completeness.pending)),
                    ("quarantined", .int(completeness.quarantined)),
                    ("lastSyncedAt", .string(orNull: completeness.lastSyncedAt.map(timestamp))),
                    ("unsynchronisedClockReads", .int(completeness.unsynchronisedClockReads)),
                ])
            ),
            (
                "clock",
                .object([
                    ("corrected", .int(completeness.correctedClockReads)),
                    ("uncorrected", .int(completeness.unsynchronisedClockReads)),
                ])
            ),
            ("kiosk", .string(report.source)),
        ])
    }

    private func student(_ row: StudentAttendance) -> JSONValue {
        .object([
            ("studentId", .string(row.student.id)),
            ("name", .string(row.student.name)),
            ("room", .string(row.student.room)),
            ("status", .string(row.status.rawValue)),
            ("firstIn", .string(orNull: row.firstIn.map(timestamp))),
            ("lastOut", .string(orNull: row.lastOut.map(timestamp))),
            ("taps", .int(row.taps)),
            ("late", .bool(row.late)),
            ("pass", row.pass.map(pass) ?? .null),
        ])
    }

    /// The pass covering the evaluation instant, as the contract gives it in a student's row.
    private func pass(_ pass: LeavePass) -> JSONValue {
        .object([
            ("id", .string(pass.id)),
            ("from", .string(timestamp(pass.from))),
            ("until", .string(timestamp(pass.until))),
            ("reason", .string(pass.reason)),
        ])
    }

    private func unknownTag(_ tag: UnknownTagActivity) -> JSONValue {
        .object([
            ("uid", .string(tag.uid.hex)),
            ("reads", .int(tag.reads)),
            ("lastSeen", .string(timestamp(tag.lastSeen))),
        ])
    }

    private func refusedRead(_ read: RefusedReadActivity) -> JSONValue {
        .object([
            ("uid", .string(read.uid.hex)),
            ("studentId", .string(orNull: read.studentID)),
            ("reason", .string(read.reason.rawValue)),
            ("reads", .int(read.reads)),
            ("lastSeen", .string(timestamp(read.lastSeen))),
        ])
    }

    private func timestamp(_ instant: Date) -> String {
        Timestamp.format(instant, in: report.attendance.policy.timeZone)
    }
}
