import Foundation
import Testing

/// `kiosk-hub user create|list|disable|password` on the built binary.
@Suite struct UserCommandTests {
    @Test func aWardenGetsAGeneratedPasswordShownOnceAndListedWithoutIt() throws {
        let hub = try HubSandbox()
        let created = try hub.hub("user", "create", "asha", "--property", "default", "--role", "warden")
        #expect(created.status == 0)
        let password = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        #expect(password.count == 20)
        let listed = try hub.hub("user", "list")
        #expect(listed.stdout.hasPrefix("asha\twarden\tdefault\tactive\t"))
        #expect(!listed.stdout.contains(password))
        let stored = try Data(contentsOf: URL(fileURLWithPath: hub.directory + "/hub.sqlite"))
        #expect(stored.range(of: Data(password.utf8)) == nil)
        #expect(try hub.hub("user", "disable", "asha").status == 0)
        #expect(try hub.hub("user", "list").stdout.hasPrefix("asha\twarden\tdefault\tdisabled\t"))
    }

    @Test func aPasswordFromStandardInputIsCheckedAndNeverPrinted() throws {
        let hub = try HubSandbox()
        let chosen = "correct horse battery"
        let created = try KioskRun(
            ["user", "create", "ops", "--role", "operator", "--password-stdin", "--data-dir", hub.directory],
            executable: HubSandbox.executable,
            input: chosen + "\n"
        )
        #expect(created.status == 0)
        #expect(!created.stdout.contains(chosen))
        #expect(try hub.hub("user", "list").stdout.hasPrefix("ops\toperator\t-\tactive\t"))
        let short = try KioskRun(
            ["user", "password", "ops", "--password-stdin", "--data-dir", hub.directory],
            executable: HubSandbox.executable,
            input: "short\n"
        )
        #expect(short.status == 65)
        #expect(short.stderr.contains("at least 10 characters"))
        let renewed = try hub.hub("user", "password", "ops")
        #expect(renewed.status == 0)
        #expect(renewed.stdout.split(separator: "\n").last?.count == 20)
    }

    @Test func standardInputIsOnePasswordOfOneLineWithEveryCharacterCounting() throws {
        let hub = try HubSandbox()
        func create(_ name: String, input: String) throws -> KioskRun {
            try KioskRun(
                ["user", "create", name, "--role", "operator", "--password-stdin", "--data-dir", hub.directory],
                executable: HubSandbox.executable,
                input: input
            )
        }
        for (input, problem) in [
            ("first line here\nsecond line\n", "more than one line"), ("ten chars!\u{0}and more\n", "control characters (it holds U+0000)"),
            (String(repeating: "x", count: 73), "this one has 73 bytes"),
        ] {
            let refused = try create("ops", input: input)
            #expect(refused.status == 65, "\(problem)")
            #expect(refused.stderr.contains(problem), "\(refused.stderr)")
        }
        #expect(try hub.hub("user", "list").stdout.isEmpty)
        #expect(try create("ops", input: "no line break at the end").status == 0)
        #expect(try create("ravi", input: "a line from Windows\r\n").status == 0)
    }

    @Test func rolesPropertiesAndNamesAreChecked() throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("user", "create", "asha", "--role", "warden").status == 64)
        #expect(try hub.hub("user", "create", "ops", "--role", "operator", "--property", "default").status == 64)
        #expect(try hub.hub("user", "create", "bad name", "--role", "operator").status == 64)
        let unknown = try hub.hub("user", "create", "asha", "--role", "warden", "--property", "nowhere")
        #expect(unknown.status == 78)
        #expect(unknown.stderr.contains("'nowhere'"))
        #expect(try hub.hub("user", "create", "asha", "--role", "warden", "--property", "default").status == 0)
        #expect(try hub.hub("user", "create", "asha", "--role", "operator").status == 65)
        #expect(try hub.hub("user", "disable", "nobody").status == 65)
    }
}
