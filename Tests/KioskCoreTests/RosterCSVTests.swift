import KioskCore
import Testing

/// Roster rows that used to import wrongly: each is now an error naming the file, line and column or field.
@Suite struct RosterCSVTests {
    @Test func aRowWithMoreFieldsThanTheHeaderIsRefused() {
        let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS003,Inactive,103,11223344,inactive\n"
        #expect(throws: KioskError.self) { try RosterCSV.parse(csv, file: "r.csv") }
        do {
            _ = try RosterCSV.parse(csv, file: "r.csv")
        } catch {
            #expect(error.message == "r.csv:3: column 5: the row has 5 fields but the header has 4 columns")
        }
    }

    @Test func aColumnNamedTwiceIsRefused() {
        do {
            _ = try RosterCSV.parse("student_id,name,room,tag_uid,name\nS001,Asha,101,04A1B2C3,Other\n", file: "r.csv")
            Issue.record("imported a header with 'name' twice")
        } catch {
            #expect(error.message == "r.csv:1: column 5: 'name' appears twice in the header row")
        }
    }

    @Test func aControlCharacterInAFieldIsRefusedNotTruncated() {
        do {
            _ = try RosterCSV.parse("student_id,name,room,tag_uid\nS001,Nul\u{0}Name,101,04A1B2C3\n", file: "r.csv")
            Issue.record("imported a name with a NUL in it")
        } catch {
            #expect(error.message == "r.csv:2: field 'name': contains the control character U+0000")
        }
    }
}
