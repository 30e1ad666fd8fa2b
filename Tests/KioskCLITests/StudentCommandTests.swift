import Foundation
import Testing

@testable import kiosk

/// `kiosk-hub student export` through the real binary: one JSON document on standard output, 65 for a student the hub
/// holds nothing of.
@Suite struct StudentCommandTests {
    @Test func exportPrintsOneDocumentAndRefusesAStrangerWith65() throws {
        let hub = try HubSandbox()
        let roster = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Bilal Khan,102,11223344\n"
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", roster)).status == 0)
        let export = try hub.hub("student", "export", "S001")
        #expect(export.status == 0, "\(export.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let student = try #require(json["student"] as? [String: Any])
        #expect(student["name"] as? String == "Asha Verma" && json["cards"] as? [String] == ["04A1B2C3"])
        #expect(!export.stdout.contains("Bilal Khan"))
        let stranger = try hub.hub("student", "export", "S999")
        #expect(stranger.status == 65 && stranger.stderr.contains("no student 'S999' at property 'default'"), "\(stranger.stderr)")
    }
}
