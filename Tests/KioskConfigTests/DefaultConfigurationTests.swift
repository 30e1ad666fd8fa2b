import Foundation
import KioskConfig
import KioskCore
import Testing

/// What the contract promises for keys that are left out.
struct DefaultConfigurationTests {
    @Test func emptyFileGivesTheContractDefaults() throws {
        let configuration = try ConfigurationLoader.parse("", file: "/etc/kiosk/kiosk.conf")
        #expect(configuration.kioskID == ProcessInfo.processInfo.hostName)
        #expect(configuration.dataDirectory == "/var/lib/kiosk")
        #expect(configuration.attendance.timeZone == TimeZone.current)
        #expect(configuration.attendance.dayStartsAt == TimeOfDay(hour: 4, minute: 0))
        #expect(configuration.attendance.curfew == TimeOfDay(hour: 22, minute: 30))
        #expect(configuration.attendance.debounceSeconds == 10)
        #expect(configuration.attendance.initialState == .in)
        #expect(configuration.readers.isEmpty)
        #expect(configuration.sync == nil)
        #expect(configuration == KioskConfiguration())
    }

    @Test func emptySectionsKeepTheDefaults() throws {
        let configuration = try ConfigurationLoader.parse("[kiosk]\n[attendance]\n", file: "/etc/kiosk/kiosk.conf")
        #expect(configuration == KioskConfiguration())
    }

    @Test func readersDefaultTheirNameMatchAndDirection() throws {
        let text = """
            [[readers]]
            driver = "pcsc"

            [[readers]]
            name = "exit"
            driver = "libnfc"
            direction = "out"

            [[readers]]
            driver = "keyboard"
            """
        let readers = try ConfigurationLoader.parse(text, file: "kiosk.conf").readers
        #expect(
            readers == [
                ReaderConfiguration(name: "pcsc-1", driver: .pcsc, match: "", direction: .toggle),
                ReaderConfiguration(name: "exit", driver: .libnfc, match: "", direction: .out),
                ReaderConfiguration(name: "keyboard-3", driver: .keyboard, match: "", direction: .toggle),
            ]
        )
    }

    @Test func theScreenIsOffUnlessGivenAnAddress() throws {
        #expect(try ConfigurationLoader.parse("", file: "/etc/kiosk/kiosk.conf").display == DisplaySettings(web: nil, greetingSeconds: 4))
        let text = "[display]\nweb = \"127.0.0.1:8090\"\ngreeting_seconds = 6\n"
        let display = try ConfigurationLoader.parse(text, file: "/etc/kiosk/kiosk.conf").display
        #expect(display.web == ListenAddress("127.0.0.1:8090") && display.web?.port == 8090 && display.greetingSeconds == 6)
        #expect(ListenAddress("[::1]:8090")?.host == "::1")
        #expect(ListenAddress("127.0.0.1:0") == nil && ListenAddress(":8090") == nil)
    }

    @Test func syncDefaultsItsTokenFile() throws {
        let text = "[sync]\nhub_url = \"https://hub.example.org\"\n"
        let sync = try ConfigurationLoader.parse(text, file: "/etc/kiosk/kiosk.conf").sync
        #expect(sync == SyncConfiguration(hubURL: URL(string: "https://hub.example.org")!, tokenFile: "/etc/kiosk/token"))
    }

    @Test func everyAttendanceKeyIsRead() throws {
        let text = """
            [attendance]
            timezone = "UTC"
            day_starts_at = "05:30"
            curfew = "01:15"
            debounce_seconds = 0
            initial_state = "out"
            """
        let policy = try ConfigurationLoader.parse(text, file: "kiosk.conf").attendance
        #expect(policy.timeZone == TimeZone(identifier: "UTC"))
        #expect(policy.dayStartsAt == TimeOfDay(hour: 5, minute: 30))
        #expect(policy.curfew == TimeOfDay(hour: 1, minute: 15))
        #expect(policy.debounceSeconds == 0)
        #expect(policy.initialState == .out)
    }
}
