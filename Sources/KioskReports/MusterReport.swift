public import Foundation
public import KioskCore

/// The muster list (`kiosk muster`, `kiosk-hub muster`) as text, HTML or the contract's JSON.
public struct MusterReport: Sendable {
    public let muster: Muster
    /// The property (nil for a kiosk's own list), and what to call it.
    public let property: (id: String, name: String)?
    /// The kiosk of each student's latest tap.
    public let kiosks: [EventID: String]
    /// Gates not heard from lately (a hub's list only).
    public let silentGates: [String]
    public let timeZone: TimeZone

    public init(_ muster: Muster, property: (id: String, name: String)?, kiosks: [EventID: String], silentGates: [String], timeZone: TimeZone) {
        self.muster = muster
        self.property = property
        self.kiosks = kiosks
        self.silentGates = silentGates
        self.timeZone = timeZone
    }

    /// The list as `format` (text, html or json; csv is rendered as text).
    public func render(as format: ReportFormat) -> String {
        switch format {
        case .json: json
        case .html: html
        case .text, .csv: text
        }
    }

    private func since(_ entry: Muster.Entry) -> String? { entry.lastTap.map { Timestamp.format($0.occurredAt, in: timeZone) } }
    private func kiosk(_ entry: Muster.Entry) -> String? { entry.lastTap.flatMap { kiosks[$0.eventID] } }

    private var json: String {
        JSONValue.object([
            ("property", .string(orNull: property?.id)),
            ("at", .string(Timestamp.format(muster.at, in: timeZone))),
            ("count", .int(muster.students.count)),
            (
                "students",
                .array(
                    muster.students.map { entry in
                        .object([
                            ("studentId", .string(entry.student.id)), ("name", .string(entry.student.name)), ("room", .string(entry.student.room)),
                            ("since", .string(orNull: since(entry))), ("kiosk", .string(orNull: kiosk(entry))),
                        ])
                    }
                )
            ),
            ("silentGates", .array(silentGates.map(JSONValue.string))),
        ]).serialized() + "\n"
    }

    private var text: String {
        let title =
            "MUSTER \(property.map { "\($0.name) (\($0.id))" } ?? "this gate") at \(Timestamp.format(muster.at, in: timeZone)): \(muster.students.count) in"
        let rows = muster.students.map { entry in
            [entry.student.room.singleLine, entry.student.id, entry.student.name.singleLine, since(entry) ?? "-", kiosk(entry) ?? "-"]
        }
        let header = ["ROOM", "ID", "NAME", "SINCE", "GATE"]
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { cells in
            cells.enumerated().map { index, cell in index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            .joined(separator: "  ")
        }
        let warning = silentGates.isEmpty ? [] : ["SILENT GATES (records may be missing): " + silentGates.joined(separator: ", ")]
        return ([title] + warning + lines).joined(separator: "\n") + "\n"
    }

    private var html: String {
        let title = "Muster, \(property?.name ?? "this gate"), \(Timestamp.format(muster.at, in: timeZone))".htmlEscaped
        let rows = muster.students.map { entry in
            "<tr><td>\(entry.student.room.htmlEscaped)</td><td>\(entry.student.id.htmlEscaped)</td><td>\(entry.student.name.htmlEscaped)</td>"
                + "<td>\((since(entry) ?? "").htmlEscaped)</td><td>\((kiosk(entry) ?? "").htmlEscaped)</td><td></td></tr>"
        }
        let warning =
            silentGates.isEmpty
            ? [] : ["<p><strong>Silent gates (records may be missing): \(silentGates.joined(separator: ", ").htmlEscaped)</strong></p>"]
        return
            ([
                "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">", "<title>\(title)</title>", "<style>",
                "@page { size: A4; margin: 12mm } body { font: 10pt sans-serif } table { width: 100%; border-collapse: collapse }",
                "th, td { border-bottom: 0.5pt solid #000; padding: 1mm; text-align: left } td:last-child { width: 12mm }", "</style>",
                "</head>", "<body>", "<h1>\(title)</h1>", "<p>\(muster.students.count) in</p>",
            ] + warning + [
                "<table>", "<thead><tr><th>Room</th><th>ID</th><th>Name</th><th>Since</th><th>Gate</th><th>✓</th></tr></thead>", "<tbody>",
            ]
            + rows + ["</tbody>", "</table>", "</body>", "</html>"]).joined(separator: "\n") + "\n"
    }
}
