import Foundation
import KioskCore
import KioskReports
import Testing

/// Splits RFC 4180 text into records of fields, so the tests read the CSV the way a spreadsheet does.
private func records(_ text: String) throws -> [[String]] {
    var records: [[String]] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var next = scalars.next()
    while let scalar = next {
        next = scalars.next()
        if quoted {
            if scalar == "\"" && next == "\"" {
                field.unicodeScalars.append("\"")
                next = scalars.next()
            } else if scalar == "\"" {
                quoted = false
            } else {
                field.unicodeScalars.append(scalar)
            }
        } else if scalar == "\"" {
            quoted = true
        } else if scalar == "," {
            fields.append(field)
            field = ""
        } else if scalar == "\r" {
            try #require(next == "\n", "a bare CR outside quotes")
            next = scalars.next()
            records.append(fields + [field])
            fields = []
            field = ""
        } else {
            try #require(scalar != "\n", "a bare LF outside quotes")
            field.unicodeScalars.append(scalar)
        }
    }
    #expect(!quoted && field.isEmpty && fields.isEmpty, "the last record ends with CRLF")
    return records
}

@Test func csvStartsWithTheUTF8ByteOrderMark() throws {
    let csv = ReportRenderer().render(try ReportFixture.report(), as: .csv)
    #expect(Array(Data(csv.utf8).prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(csv.dropFirst().hasPrefix("student_id,name,room,status,first_in,last_out,taps,late,pass_id,pass_until,pass_reason\r\n"))
}

@Test func csvQuotingRoundTripsNamesAndRooms() throws {
    let csv = ReportRenderer().render(try ReportFixture.report(), as: .csv)
    let rows = try records(String(csv.dropFirst()))
    #expect(rows.first == ["student_id", "name", "room", "status", "first_in", "last_out", "taps", "late", "pass_id", "pass_until", "pass_reason"])
    let students = Array(rows.dropFirst().prefix { $0 != [""] })
    #expect(students.map(\.first) == ["S001", "S002", "S003", "S004", "S006"])
    #expect(students.allSatisfy { $0.count == 11 })
    #expect(students[0] == ["S001", ReportFixture.quotedName, "101", "notReturned", "", "2026-11-21T18:00:00+05:30", "1", "false", "", "", ""])
    #expect(students[1][1] == ReportFixture.longName)
    #expect(students[1][2] == "Annex\nNorth wing, top floor")
    #expect(students[2][1] == ReportFixture.devanagariName)
    #expect(students[2][7] == "true")
    #expect(csv.contains("\"Rao, \"\"Ravi\"\"\""))
}

@Test func csvListsMetadataAfterTheTable() throws {
    let csv = ReportRenderer().render(try ReportFixture.report(), as: .csv)
    let rows = try records(String(csv.dropFirst()))
    let metadata = Array(rows.drop { $0 != [""] }.dropFirst())
    #expect(metadata.first == ["key", "value"])
    let values = Dictionary(metadata.filter { $0.count == 2 }.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    #expect(values["kiosk"] == "gate-1")
    #expect(values["date"] == "2026-11-21")
    #expect(values["evaluated_at"] == "2026-11-22T01:00:00+05:30")
    #expect(values["pending"] == "3")
    #expect(values["quarantined"] == "1")
    #expect(values["last_synced_at"] == "")
    #expect(values["unsynchronised_clock_reads"] == "2")
    #expect(metadata.last == ["unknown_tag", "04A1B2C3D4E5F6", "2", "2026-11-21T21:30:00+05:30"])
}

/// Names a spreadsheet would run as formulas are written as text: a leading `'`, as OWASP recommends.
@Test func csvNeutralisesCellsASpreadsheetWouldRunAsFormulas() throws {
    let hostile = [
        Student(id: "S007", name: "=HYPERLINK(\"http://evil\",\"x\")", room: "@A1"),
        Student(id: "S008", name: "+1+2", room: "-3"),
        Student(id: "S009", name: "Meera Iyer", room: "102"),
    ]
    let csv = ReportRenderer().render(try ReportFixture.report(students: hostile), as: .csv)
    let rows = try records(String(csv.dropFirst()))
    let students = Array(rows.dropFirst().prefix { $0 != [""] })
    #expect(students.map { Array($0[1...2]) } == [["'=HYPERLINK(\"http://evil\",\"x\")", "'@A1"], ["'+1+2", "'-3"], ["Meera Iyer", "102"]])
}
