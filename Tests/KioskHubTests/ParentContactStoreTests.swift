import Foundation
import KioskCore
import Testing

@testable import KioskHub

/// Parents' contacts on the backend the run names: set by a roster import that has the column (joined over a student's
/// rows), kept by one without it, cleared by an empty field, gone with a student `--replace` drops or erasure removes;
/// changed on the student's page with the same checks; in the student's export.
@Suite struct ParentContactStoreTests {
    static let withContacts = """
        student_id,name,room,tag_uid,parent_contact
        S001,Asha Verma,101,04A1B2C3,+919812345678
        S001,Asha Verma,101,04A1B2C9,mother@example.org
        S002,Priya Nair,102,04A1B2C4,father@example.org

        """

    @Test func anImportSetsKeepsAndClearsContacts() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(try RosterCSV.parse(Self.withContacts, file: "r.csv"), file: "r.csv", replace: false)
        #expect(try await store.parentContacts(of: "S001", property: "default").map(\.value) == ["+919812345678", "mother@example.org"])
        #expect(try await store.parentContacts(of: "S002", property: "default").map(\.value) == ["father@example.org"])
        // A file without the column changes no contact.
        let plain = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Priya Nair,102,04A1B2C4\n"
        _ = try await store.importRoster(try RosterCSV.parse(plain, file: "plain.csv"), file: "plain.csv", replace: false)
        #expect(try await store.parentContacts(of: "S001", property: "default").count == 2)
        // An empty field clears a student's contacts; --replace drops a student and their contacts with them.
        let cleared = "student_id,name,room,tag_uid,parent_contact\nS001,Asha Verma,101,04A1B2C3,\n"
        _ = try await store.importRoster(try RosterCSV.parse(cleared, file: "c.csv"), file: "c.csv", replace: true)
        #expect(try await store.parentContacts(of: "S001", property: "default").isEmpty)
        #expect(try await store.parentContacts(of: "S002", property: "default").isEmpty)
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM parent_contact") == ["0"])
    }

    @Test func theStudentsPageChangesThemWithTheSameChecksAndTheExportHoldsThem() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(try RosterCSV.parse(Self.withContacts, file: "r.csv"), file: "r.csv", replace: false)
        try await store.setParentContacts("+14155550123 ; mother@example.org", of: "S002", property: "default")
        #expect(try await store.parentContacts(of: "S002", property: "default").map(\.value) == ["+14155550123", "mother@example.org"])
        let error = await #expect(throws: KioskError.self) { try await store.setParentContacts("call the hostel", of: "S002", property: "default") }
        #expect(error?.message.hasPrefix("field 'parent_contact': 'call the hostel' is neither") == true, "\(error?.message ?? "")")
        #expect(try await store.parentContacts(of: "S002", property: "default").count == 2)
        await #expect(throws: KioskError.self) { try await store.setParentContacts("", of: "S404", property: "default") }
        #expect(try await store.exportStudent("S001", property: "default").parentContacts == ["+919812345678", "mother@example.org"])
    }

    @Test func erasureRemovesThem() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        _ = try await store.importRoster(try RosterCSV.parse(Self.withContacts, file: "r.csv"), file: "r.csv", replace: false)
        _ = try await store.eraseStudent("S001", property: "default", now: Date())
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM parent_contact WHERE student_id = 'S001'") == ["0"])
        #expect(try await store.parentContacts(of: "S002", property: "default").count == 1)
    }
}
