import Foundation
import KioskConfig
import KioskCore
import Testing

/// Relative paths in kiosk.conf are taken from the directory the file is in, not the working directory.
struct ConfigurationPathTests {
    @Test(arguments: [
        ("data", "/srv/kiosk/data"),
        ("./data", "/srv/kiosk/data"),
        ("../shared/journal", "/srv/shared/journal"),
        ("/var/lib/gate", "/var/lib/gate"),
    ])
    func dataDirectoryIsResolvedAgainstTheFilesDirectory(written: String, resolved: String) throws {
        let configuration = try ConfigurationLoader.parse("[kiosk]\ndata_dir = \"\(written)\"\n", file: "/srv/kiosk/kiosk.conf")
        #expect(configuration.dataDirectory == resolved)
        #expect(configuration.journalPath == resolved + "/journal.sqlite")
    }

    @Test func tokenFileIsResolvedAgainstTheFilesDirectory() throws {
        let text = "[sync]\nhub_url = \"http://hub:8080\"\ntoken_file = \"secrets/token\"\n"
        let sync = try ConfigurationLoader.parse(text, file: "/srv/kiosk/kiosk.conf").sync
        #expect(sync?.tokenFile == "/srv/kiosk/secrets/token")
    }

    @Test func loadedFileResolvesDataDirectoryAgainstItsOwnDirectory() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("etc/kiosk.conf", "[kiosk]\ndata_dir = \"journal\"\n")
        let loaded = try ConfigurationLoader.load(explicit: "etc/kiosk.conf", environment: [:], currentDirectory: root.path)
        #expect(loaded.configuration.dataDirectory == root.path + "/etc/journal")
    }
}

/// A data_dir that is a file is a configuration error naming the file, line and key, for the kiosk and the hub.
@Test func aDataDirectoryThatIsAFileNamesItsLine() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let file = try root.write("journal", "not a directory")
    let kiosk = #expect(throws: KioskError.self) {
        try ConfigurationLoader.parse("[kiosk]\nid = \"gate-1\"\ndata_dir = \"\(file)\"\n", file: "kiosk.conf")
    }
    #expect(kiosk?.category == .configuration)
    #expect(kiosk?.message == "kiosk.conf:3: [kiosk] data_dir: \(file) is a file, not a directory; give a directory (it is created if missing)")
    let hub = #expect(throws: KioskError.self) { try HubConfigurationLoader.parse("[hub]\ndata_dir = \"\(file)\"\n", file: "hub.conf") }
    #expect(hub?.message.hasPrefix("hub.conf:2: [hub] data_dir: \(file) is a file") == true)
}
