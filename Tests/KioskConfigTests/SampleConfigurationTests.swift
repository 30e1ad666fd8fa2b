import Foundation
import KioskConfig
import KioskCore
import Testing

/// The sample kiosk.conf at the package root documents every key, and must stay loadable.
struct SampleConfigurationTests {
    let samplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("kiosk.conf").path

    func sampleText() throws -> String {
        try String(contentsOfFile: samplePath, encoding: .utf8)
    }

    @Test func sampleParsesWithItsValues() throws {
        let configuration = try ConfigurationLoader.parse(try sampleText(), file: samplePath)
        #expect(configuration.kioskID == "gate-1")
        #expect(configuration.dataDirectory == "/var/lib/kiosk")
        #expect(configuration.journalPath == "/var/lib/kiosk/journal.sqlite")
        #expect(configuration.attendance.timeZone.identifier == "Asia/Kolkata")
        #expect(configuration.attendance.dayStartsAt == TimeOfDay(hour: 4, minute: 0))
        #expect(configuration.attendance.curfew == TimeOfDay(hour: 22, minute: 30))
        #expect(configuration.attendance.debounceSeconds == 10)
        #expect(configuration.attendance.initialState == .in)
        #expect(configuration.readers == [ReaderConfiguration(name: "entrance", driver: .pcsc, match: "ACR122", direction: .toggle)])
        #expect(configuration.sync == nil)
        #expect(
            configuration.reports
                == ReportSettings(formats: [.text, .csv, .json, .html], print: false, printing: PrintSettings(format: .a4, width: 80))
        )
    }

    @Test func sampleSyncExampleParsesWhenUncommented() throws {
        var text = try sampleText().replacingOccurrences(of: "# [sync]", with: "[sync]")
        let keys = ["hub_url", "token_file", "batch_size", "backoff_base_seconds", "backoff_cap_seconds", "connect_timeout_seconds"]
        for key in keys + ["request_timeout_seconds", "ca_file"] {
            text = text.replacingOccurrences(of: "# \(key) =", with: "\(key) =")
        }
        let configuration = try ConfigurationLoader.parse(text, file: samplePath)
        let expected = SyncConfiguration(
            hubURL: URL(string: "http://127.0.0.1:8080")!,
            tokenFile: "/etc/kiosk/token",
            batchSize: 1000,
            backoffBaseSeconds: 1,
            backoffCapSeconds: 300,
            connectTimeoutSeconds: 10,
            requestTimeoutSeconds: 30,
            caFile: "/etc/kiosk/hub-ca.pem"
        )
        #expect(configuration.sync == expected)
    }

    @Test func sampleDisplayExampleParsesWhenUncommented() throws {
        var text = try sampleText().replacingOccurrences(of: "# [display]", with: "[display]")
        for key in ["web", "greeting_seconds"] {
            text = text.replacingOccurrences(of: "# \(key) =", with: "\(key) =")
        }
        let configuration = try ConfigurationLoader.parse(text, file: samplePath)
        #expect(configuration.display == DisplaySettings(web: ListenAddress("127.0.0.1:8090"), greetingSeconds: 4))
    }

    @Test func sampleCardsExampleParsesWhenUncommented() throws {
        var text = try sampleText().replacingOccurrences(of: "# [cards]", with: "[cards]")
        for key in ["sun_keys_file", "require_sun"] {
            text = text.replacingOccurrences(of: "# \(key) =", with: "\(key) =")
        }
        let configuration = try ConfigurationLoader.parse(text, file: samplePath)
        #expect(configuration.cards == CardSettings(sunKeysFile: "/etc/kiosk/sun-keys", requireSun: false))
    }

    @Test func sampleLoadsThroughTheSearchOrder() throws {
        let loaded = try ConfigurationLoader.load(explicit: samplePath, environment: [:], currentDirectory: "/")
        #expect(loaded.path == URL(fileURLWithPath: samplePath).standardizedFileURL.path)
        #expect(loaded.configuration.kioskID == "gate-1")
    }
}
