import ArgumentParser
import Foundation
import KioskCore
import KioskReports

/// The roster as `kiosk roster list` prints it.
struct RosterListing {
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, csv, json
    }

    let entries: [RosterEntry]

    func render(_ format: Format) -> String {
        switch format {
        case .text: text()
        case .csv: csv()
        case .json: json()
        }
    }

    private func text() -> String {
        guard !entries.isEmpty else { return "The roster is empty: import one with `kiosk roster import FILE`.\n" }
        var lines = ["STUDENT    NAME                      ROOM    STATUS    TAGS"]
        for entry in entries {
            let student = entry.student
            lines.append(
                [
                    pad(student.id, 10), pad(student.name, 25), pad(student.room, 7), pad(student.status.rawValue, 9),
                    entry.tags.map(\.hex).joined(separator: " "),
                ]
                .joined(separator: " ")
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The import format: one row per tag, so the output imports back unchanged.
    private func csv() -> String {
        var lines = ["student_id,name,room,tag_uid,status"]
        for entry in entries {
            let student = entry.student
            for tag in entry.tags.isEmpty ? [nil] : entry.tags.map(Optional.some) {
                lines.append([student.id, student.name, student.room, tag?.hex ?? "", student.status.rawValue].map(quote).joined(separator: ","))
            }
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    private func json() -> String {
        let items = entries.map { entry in
            JSONValue.object([
                ("studentId", .string(entry.student.id)),
                ("name", .string(entry.student.name)),
                ("room", .string(entry.student.room)),
                ("status", .string(entry.student.status.rawValue)),
                ("tags", .array(entry.tags.map { .string($0.hex) })),
            ])
        }
        return JSONValue.array(items).serialized() + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + "…" : text + String(repeating: " ", count: width - text.count)
    }

    private func quote(_ field: String) -> String {
        field.contains(where: { ",\"\r\n".contains($0) }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}
