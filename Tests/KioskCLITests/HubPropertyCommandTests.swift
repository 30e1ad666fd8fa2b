import Foundation
import Testing

/// `kiosk-hub property create|list`, `--property`, `token create --operator` and `report --all` on the built binary.
@Suite struct HubPropertyCommandTests {
    @Test func propertiesAreCreatedWithTheirOwnSettingsAndListedAfterDefault() throws {
        let hub = try HubSandbox()
        let created = try hub.hub("property", "create", "north-1", "--name", "North Block", "--timezone", "Asia/Kolkata", "--curfew", "21:45")
        #expect(created.status == 0)
        let listed = try hub.hub("property", "list", "--format", "json")
        #expect(listed.status == 0)
        let properties = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(properties.map { $0["id"] as? String } == ["default", "north-1"])
        let north = properties[1]
        #expect(north["name"] as? String == "North Block")
        #expect(north["timezone"] as? String == "Asia/Kolkata")
        #expect(north["curfew"] as? String == "21:45")
        #expect(north["dayStartsAt"] as? String == "04:00")
        #expect(north["debounceSeconds"] as? Int == 10)
        #expect(north["initialState"] as? String == "in")
        #expect(properties[0]["name"] as? String == "PG")
        #expect(try hub.hub("property", "list").stdout.contains("north-1\tNorth Block\tAsia/Kolkata\t04:00\t21:45\t10s\tin"))
    }

    @Test func aBadPropertyIdOrSettingIsRefusedAndNamed() throws {
        let hub = try HubSandbox()
        let badID = try hub.hub("property", "create", "North", "--name", "N")
        #expect(badID.status == 64)
        #expect(badID.stderr.contains("'North'"))
        let badCurfew = try hub.hub("property", "create", "north", "--name", "N", "--curfew", "25:00")
        #expect(badCurfew.status == 64)
        #expect(badCurfew.stderr.contains("--curfew") && badCurfew.stderr.contains("'25:00'"))
        #expect(try hub.hub("property", "create", "north", "--name", "N").status == 0)
        let again = try hub.hub("property", "create", "north", "--name", "N")
        #expect(again.status == 65)
        #expect(again.stderr.contains("exists"))
        #expect(try hub.hub("property", "create", "default", "--name", "D").status == 65)
    }

    @Test func anUnknownPropertyIsAConfigurationErrorNamingIt() throws {
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        for arguments in [["roster", "import", roster], ["token", "create", "--kiosk", "gate-1"], ["report"]] {
            let run = try KioskRun(arguments + ["--property", "nowhere", "--data-dir", hub.directory], executable: HubSandbox.executable)
            #expect(run.status == 78)
            #expect(run.stderr.contains("'nowhere'"))
        }
    }

    @Test func eachPropertyHasItsOwnRosterKiosksAndReport() throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("property", "create", "north", "--name", "North", "--initial-state", "out").status == 0)
        let south = try hub.write("south.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Priya,102,04A1B2C4\n")
        let north = try hub.write("north.csv", "student_id,name,room,tag_uid\nS001,Ravi,201,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", south).status == 0)
        #expect(
            try KioskRun(["roster", "import", north, "--property", "north", "--data-dir", hub.directory], executable: HubSandbox.executable).status
                == 0
        )
        let northReport = try KioskRun(
            ["report", "--property", "north", "--date", "2026-11-21", "--format", "json", "--data-dir", hub.directory],
            executable: HubSandbox.executable
        )
        let report = try #require(try JSONSerialization.jsonObject(with: Data(northReport.stdout.utf8)) as? [String: Any])
        let students = try #require(report["students"] as? [[String: Any]])
        #expect(students.map { $0["name"] as? String } == ["Ravi"])
        #expect((report["summary"] as? [String: Any])?["absent"] as? Int == 1)
        #expect(try hub.hub("token", "create", "--kiosk", "gate-1").status == 0)
        let moved = try KioskRun(
            ["token", "create", "--kiosk", "gate-1", "--property", "north", "--data-dir", hub.directory],
            executable: HubSandbox.executable
        )
        #expect(moved.status == 65)
        #expect(moved.stderr.contains("gate-1") && moved.stderr.contains("'default'"))
    }

    @Test func theChainSummaryHasARowPerPropertyAndTheOperatorTokenIsListed() throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("property", "create", "north", "--name", "North").status == 0)
        let north = try hub.write("north.csv", "student_id,name,room,tag_uid\nS001,Ravi,201,04A1B2C3\nS002,Mira,202,04A1B2C5\n")
        #expect(
            try KioskRun(["roster", "import", north, "--property", "north", "--data-dir", hub.directory], executable: HubSandbox.executable).status
                == 0
        )
        let all = try hub.hub("report", "--all", "--date", "2026-11-21", "--format", "json")
        #expect(all.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect(summary["date"] as? String == "2026-11-21")
        let rows = try #require(summary["properties"] as? [[String: Any]])
        #expect(rows.map { $0["property"] as? String } == ["default", "north"])
        #expect(rows.map { $0["name"] as? String } == ["PG", "North"])
        #expect(rows.map { ($0["summary"] as? [String: Any])?["total"] as? Int } == [0, 2])
        #expect(try hub.hub("report", "--all", "--format", "csv").status == 64)
        let text = try hub.hub("report", "--all", "--date", "2026-11-21")
        #expect(text.stdout.contains("north") && text.stdout.contains("2 properties"))
        let created = try hub.hub("token", "create", "--operator")
        #expect(created.status == 0)
        #expect(created.stdout.split(separator: "\n").last?.hasPrefix("kh_") == true)
        #expect(try hub.hub("token", "list").stdout.hasPrefix("operator\t-\t"))
        #expect(try hub.hub("token", "create").status == 64)
    }
}
