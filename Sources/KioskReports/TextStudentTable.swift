import KioskCore

/// The students of a report as text lines: a table with one row per student when the width leaves a readable
/// name column, else a receipt layout (id, name and status on one line, the details below it).
struct TextStudentTable {
    let attendance: DailyAttendance
    let width: Int

    /// The narrowest name column the table layout accepts before switching to the receipt layout.
    private static let minimumNameWidth = 16

    var lines: [String] {
        guard !attendance.students.isEmpty else { return ["No active students."] }
        let ids = attendance.students.map { $0.student.id.singleLine.columns }
        let rooms = attendance.students.map { $0.student.room.singleLine.columns }
        let taps = attendance.students.map { String($0.taps).count }
        var columns = [
            Column(title: "ID", width: min(max(ids.max() ?? 0, 2), 12)),
            Column(title: "Name", width: 0),
            Column(title: "Room", width: min(max(rooms.max() ?? 0, 4), 8)),
            Column(title: "Status", width: ReportWording.status(.notReturned).count),
            Column(title: "In", width: 5),
            Column(title: "Out", width: 5),
            Column(title: "Taps", width: max(taps.max() ?? 0, 4), alignRight: true),
            Column(title: "Late", width: 4),
        ]
        let nameWidth = width - columns.reduce(columns.count - 1) { $0 + $1.width }
        guard nameWidth >= Self.minimumNameWidth else { return receiptLines }
        columns[1] = Column(title: "Name", width: nameWidth)
        let header = row(columns.map(\.title), columns)
        let rule = row(columns.map { String(repeating: "-", count: $0.width) }, columns)
        return [header, rule] + attendance.students.map { row(cells(of: $0), columns) }
    }

    private func cells(of row: StudentAttendance) -> [String] {
        let policy = attendance.policy
        return [
            row.student.id.singleLine, row.student.name.singleLine, row.student.room.singleLine, ReportWording.status(row.status),
            ReportWording.clock(row.firstIn, policy), ReportWording.clock(row.lastOut, policy), String(row.taps), row.late ? "LATE" : "",
        ]
    }

    private func row(_ cells: [String], _ columns: [Column]) -> String {
        zip(cells, columns).map { $0.padded(toColumns: $1.width, alignRight: $1.alignRight) }.joined(separator: " ").withoutTrailingSpaces
    }

    /// Per student: `ID name… STATUS`, then indented `room`, first in, last out, taps and the late mark.
    private var receiptLines: [String] {
        let policy = attendance.policy
        return attendance.students.flatMap { row in
            let status = ReportWording.status(row.status).uppercased()
            let id = row.student.id.singleLine.truncated(toColumns: width / 3)
            let name = row.student.name.singleLine.padded(toColumns: width - id.columns - status.count - 2)
            let room = row.student.room.singleLine
            let details = [
                room.isEmpty ? nil : "room " + room,
                "in " + ReportWording.clock(row.firstIn, policy),
                "out " + ReportWording.clock(row.lastOut, policy),
                ReportWording.count(row.taps, "tap"),
                row.late ? "LATE" : nil,
            ]
            return [id + " " + name + " " + status] + LineFlow.lines(details.compactMap { $0 }, width: width, indent: 2, separator: "  ")
        }
    }
}

private struct Column {
    let title: String
    let width: Int
    var alignRight = false
}
