import KioskCore
import Testing

/// Roster rows that used to import wrongly: each is now an error naming the file, line and column or field.
@Suite struct RosterCSVTests {
    @Test(
        arguments: [
            (
                "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS003,Inactive,103,11223344,inactive\n",
                "r.csv:3: column 5: the row has 5 fields but the header has 4 columns"
            ),
            ("student_id,name,room,tag_uid,name\nS001,Asha,101,04A1B2C3,Other\n", "r.csv:1: column 5: 'name' appears twice in the header row"),
            ("student_id,name,room,tag_uid\nS001,Nul\u{0}Name,101,04A1B2C3\n", "r.csv:2: field 'name': contains the control character U+0000"),
            ("student_id,name,room,tag_uid\nS001,Asha,,04A1B2C3\n", "r.csv:2: field 'room': missing value"),
            ("student_id,name,room,tag_uid\nS001,,101,04A1B2C3\n", "r.csv:2: field 'name': missing value"),
        ]
    )
    func aBadRowIsRefusedNamingWhere(csv: String, message: String) {
        let error = #expect(throws: KioskError.self) { try RosterCSV.parse(csv, file: "r.csv") }
        #expect(error?.message == message)
    }
}
