public import KioskCore

/// The monthly sheet in every `ReportFormat`: the contract's JSON, a text grid of one letter per day (P present, L
/// late, N not returned, A absent, V on leave) with totals per student and per day, CSV (status words, UTF-8 with a BOM) and
/// an HTML page for A4 landscape.
public struct MonthlySheetReport: Sendable {
    public let sheet: MonthlySheet
    /// What the sheet covers, for its title: the kiosk id, or the property's name.
    public let source: String

    public init(_ sheet: MonthlySheet, source: String) {
        self.sheet = sheet
        self.source = source
    }

    /// The sheet as `format`.
    public func render(as format: ReportFormat) -> String {
        switch format {
        case .json: json
        case .text: text
        case .csv: csv
        case .html: html
        }
    }

    /// The letter a day shows in the text and HTML grids.
    public static func letter(_ day: MonthlySheet.Day) -> String {
        switch day.status {
        case .in, .out: day.late ? "L" : "P"
        case .notReturned: "N"
        case .absent: "A"
        case .onLeave: "V"
        }
    }

    /// A student's totals: days present (late or not), late, not returned, absent, on leave.
    public static func totals(_ row: MonthlySheet.Row) -> [Int] {
        [
            row.days.filter { [.in, .out].contains($0.status) }.count, row.late, row.days.filter { $0.status == .notReturned }.count,
            row.days.filter { $0.status == .absent }.count, row.days.filter { $0.status == .onLeave }.count,
        ]
    }

    /// What the letters mean, under the text and HTML grids.
    static let legend = "P present, L late (back after curfew), N not returned, A absent, V on leave"

    private var json: String {
        JSONValue.object([
            ("month", .string(sheet.month.description)),
            (
                "students",
                .array(
                    sheet.students.map { row in
                        .object([
                            ("studentId", .string(row.student.id)), ("name", .string(row.student.name)), ("room", .string(row.student.room)),
                            ("days", .object(row.days.map { ($0.date.description, JSONValue.string($0.status.rawValue)) })),
                            ("late", .int(row.late)),
                        ])
                    }
                )
            ),
        ]).serialized() + "\n"
    }

    private var text: String {
        let days = sheet.days.map { String($0.day).count == 1 ? " \($0.day)" : "\($0.day)" }
        let header = ["ID", "NAME", "ROOM"] + days + ["P", "L", "N", "A", "V"]
        let rows = sheet.students.map { row in
            [row.student.id, row.student.name.singleLine, row.student.room.singleLine] + row.days.map { " " + Self.letter($0) }
                + Self.totals(row).map(String.init)
        }
        let presentPerDay = sheet.days.indices.map { index in
            sheet.students.filter { $0.days.indices.contains(index) && [.in, .out].contains($0.days[index].status) }.count
        }
        let totals = ["present", "", ""] + presentPerDay.map { String($0).count == 1 ? " \($0)" : "\($0)" } + ["", "", "", "", ""]
        let table = [header] + rows + [totals]
        let widths = header.indices.map { column in table.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        let lines = table.map { cells in
            cells.enumerated().map { index, cell in cell + String(repeating: " ", count: max(0, widths[index] - cell.count)) }
                .joined(separator: " ").trimmingTrailingSpaces
        }
        return (["MONTHLY SHEET \(sheet.month) \(source.singleLine)"] + lines + [Self.legend])
            .joined(separator: "\n") + "\n"
    }

    private var csv: String {
        let header = ["student_id", "name", "room"] + sheet.days.map(\.description) + ["present", "late", "not_returned", "absent", "on_leave"]
        let rows = sheet.students.map { row in
            [row.student.id, row.student.name, row.student.room] + row.days.map(\.status.rawValue) + Self.totals(row).map(String.init)
        }
        return "\u{FEFF}" + ([header] + rows).map(CSVReport.line).joined()
    }

    private var html: String {
        let title = "Monthly sheet \(sheet.month), \(source)".htmlEscaped
        let head =
            "<tr><th>ID</th><th>Name</th><th>Room</th>" + sheet.days.map { "<th>\($0.day)</th>" }.joined()
            + "<th>P</th><th>L</th><th>N</th><th>A</th><th>V</th></tr>"
        let rows = sheet.students.map { row in
            "<tr><td>\(row.student.id.htmlEscaped)</td><td>\(row.student.name.htmlEscaped)</td><td>\(row.student.room.htmlEscaped)</td>"
                + row.days.map { "<td class=\"\($0.status.rawValue)\">\(Self.letter($0))</td>" }.joined()
                + Self.totals(row).map { "<td class=\"number\">\($0)</td>" }.joined() + "</tr>"
        }
        let document =
            [
                "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">", "<title>\(title)</title>", "<style>",
                PageStyle.rule(size: "A4 landscape", margin: "10mm", bottom: "14mm"),
                "body { font: 8pt sans-serif } table { width: 100%; border-collapse: collapse } thead { display: table-header-group }",
                "tr { break-inside: avoid }",
                "th, td { border: 0.5pt solid #000; padding: 0.5mm 1mm; text-align: center } td:nth-child(-n+3) { text-align: left }",
                ".notReturned, .absent { font-weight: bold }", "</style>", "</head>", "<body>", "<h1>\(title)</h1>",
                "<table>", "<thead>", head, "</thead>", "<tbody>",
            ] + rows + ["</tbody>", "</table>", "<p>\(Self.legend)</p>", "</body>", "</html>"]
        return document.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
