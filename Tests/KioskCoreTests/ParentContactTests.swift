import Foundation
import KioskCore
import Testing

/// The roster's `parent_contact`: e-mail addresses and E.164 numbers, `;`-separated; anything else is a bad row naming
/// its line and value.
@Suite struct ParentContactTests {
    @Test(arguments: ["+919812345678", "+14155550123", "asha.parent@example.org", "r+hostel@mail.example.co.in", " +919812345678 "])
    func aContactIsAnEmailAddressOrAnE164Number(text: String) throws {
        #expect(try ParentContact(parsing: text).value == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [
        "9812345678", "+0919812345678", "+91 98123 45678", "+1234567", "+1234567890123456", "parent@", "@example.org", "a b@x.org", "a@x", "a@-x.org",
        "a..b@x.org", "a@x..org", "Asha's mother",
    ])
    func anythingElseIsRefusedNamingIt(text: String) {
        let error = #expect(throws: KioskError.self) { try ParentContact(parsing: text) }
        #expect(error?.message.hasPrefix("'\(text.trimmingCharacters(in: .whitespaces))' is neither") == true, "\(error?.message ?? "")")
    }

    @Test func aFieldListsContactsInOrderEachOnce() throws {
        let contacts = try ParentContact.list(parsing: "+919812345678; parent@example.org;+919812345678;")
        #expect(contacts.map(\.value) == ["+919812345678", "parent@example.org"])
        #expect(try ParentContact.list(parsing: "  ").isEmpty)
    }

    @Test func theRosterColumnIsReadPerRowAndAStudentsRowsAreJoined() throws {
        let csv = """
            student_id,name,room,tag_uid,parent_contact
            S001,Asha,101,04A1B2C3,+919812345678
            S001,Asha,101,04A1B2C4,mother@example.org;+919812345678
            S002,Ravi,102,04A1B2C5,

            """
        let rows = try RosterCSV.parse(csv, file: "r.csv")
        #expect(rows.map { $0.parentContacts?.map(\.value) } == [["+919812345678"], ["mother@example.org", "+919812345678"], []])
        let joined = RosterRow.parentContacts(of: rows).mapValues { $0.map(\.value) }
        #expect(joined == ["S001": ["+919812345678", "mother@example.org"], "S002": []])
        #expect(try RosterCSV.parse("student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n", file: "r.csv")[0].parentContacts == nil)
    }

    @Test func aBadContactIsABadRowNamingLineFieldAndValue() {
        let csv = "student_id,name,room,tag_uid,parent_contact\nS001,Asha,101,04A1B2C3,+919812345678\nS002,Ravi,102,04A1B2C5,+91 ring me\n"
        let error = #expect(throws: KioskError.self) { try RosterCSV.parse(csv, file: "r.csv") }
        #expect(error?.message.hasPrefix("r.csv:3: field 'parent_contact': '+91 ring me' is neither") == true, "\(error?.message ?? "")")
        #expect(error?.category == .dataError)
    }
}
