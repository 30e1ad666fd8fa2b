import Foundation
import Testing

/// `kiosk muster` and `kiosk-hub muster` on the built binaries.
@Suite struct MusterCommandTests {
    @Test func theKiosksMusterListsWhoIsInByRoomThenName() throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        #expect(try kiosk.kiosk("tap", "--uid", "04A1B2C3").stdout.contains("OUT"))
        let run = try kiosk.kiosk("muster", "--format", "json")
        #expect(run.status == 0)
        let muster = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(muster["property"] is NSNull)
        #expect(muster["count"] as? Int == 1)
        #expect((muster["silentGates"] as? [Any])?.isEmpty == true)
        let students = try #require(muster["students"] as? [[String: Any]])
        #expect(students.map { $0["studentId"] as? String } == ["S002"])
        #expect(students.first?["since"] is NSNull && students.first?["kiosk"] is NSNull)
        let back = try kiosk.kiosk("manual", "--student", "S001", "--direction", "in", "--reason", "back through the side door")
        #expect(back.status == 0)
        let after = try #require(
            try JSONSerialization.jsonObject(with: Data(try kiosk.kiosk("muster", "--format", "json").stdout.utf8)) as? [String: Any]
        )
        let entries = try #require(after["students"] as? [[String: Any]])
        #expect(entries.map { $0["studentId"] as? String } == ["S001", "S002"])
        #expect(entries.first?["kiosk"] as? String == "gate-1")
        #expect((entries.first?["since"] as? String)?.hasSuffix("+05:30") == true)
        #expect(try kiosk.kiosk("muster").stdout.contains("MUSTER this gate"))
        #expect(try kiosk.kiosk("muster", "--format", "html").stdout.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func theHubsMusterNamesThePropertyAndItsSilentGates() throws {
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        #expect(try hub.hub("token", "create", "--kiosk", "gate-1").status == 0)
        let run = try hub.hub("muster", "--format", "json")
        #expect(run.status == 0)
        let muster = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(muster["property"] as? String == "default")
        #expect(muster["count"] as? Int == 1)
        #expect(muster["silentGates"] as? [String] == ["gate-1"])
        #expect(try hub.hub("muster", "--property", "nowhere").status == 78)
    }
}
