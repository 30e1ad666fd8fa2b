import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskJournal

@Suite struct JournalRosterTests {
    @Test func importMergesAndReplaceRemovesWhatIsNotInTheFile() async throws {
        let fixture = try await JournalFixture().withRoster()
        let update = "student_id,name,room,tag_uid\nS002,Rahul Sharma,202,99887766\nS004,New Student,104,0A0B0C0D\n"
        _ = try await fixture.journal.importRoster(try RosterCSV.parse(update, file: "u.csv"), file: "u.csv", replace: false)
        var roster = try await fixture.journal.roster()
        #expect(roster.map(\.student.id) == ["S001", "S002", "S003", "S004"])
        #expect(roster[1].student.room == "202")
        #expect(roster[1].tags.map(\.hex) == ["11223344", "99887766"])

        let summary = try await fixture.journal.importRoster(try RosterCSV.parse(update, file: "u.csv"), file: "u.csv", replace: true)
        roster = try await fixture.journal.roster()
        #expect(summary.removedStudents == 2)
        #expect(roster.map(\.student.id) == ["S002", "S004"])
        #expect(roster[0].tags.map(\.hex) == ["99887766"])
    }

    @Test func aTagOwnedBySomeoneElseAbortsTheWholeImport() async throws {
        let fixture = try await JournalFixture().withRoster()
        let before = try await fixture.journal.roster()
        let csv = "student_id,name,room,tag_uid\nS009,Fresh,109,0A0B0C0D\nS002,Rahul,102,04A1B2C3\n"
        await #expect {
            try await fixture.journal.importRoster(try RosterCSV.parse(csv, file: "c.csv"), file: "c.csv", replace: false)
        } throws: { error in
            let error = error as? KioskError
            return error?.category == .dataError && error?.message.contains("c.csv:3") == true && error?.message.contains("tag_uid") == true
        }
        #expect(try await fixture.journal.roster() == before)
    }

    @Test func enrollBindsAndRefusesAnotherStudentsCard() async throws {
        let fixture = try await JournalFixture().withRoster()
        #expect(try await fixture.journal.enroll(uid: try TagUID(parsing: "0A0B0C0D"), studentID: "S002"))
        #expect(try await fixture.journal.enroll(uid: try TagUID(parsing: "0A0B0C0D"), studentID: "S002") == false)
        await #expect(throws: KioskError.self) {
            try await fixture.journal.enroll(uid: try TagUID(parsing: "04A1B2C3"), studentID: "S002")
        }
        await #expect(throws: KioskError.self) {
            try await fixture.journal.enroll(uid: try TagUID(parsing: "01020304"), studentID: "S404")
        }
        let tap = try await fixture.tap("0A0B0C0D", at: "2026-11-21T20:00:00+05:30")
        #expect(tap.student?.id == "S002")
    }
}
