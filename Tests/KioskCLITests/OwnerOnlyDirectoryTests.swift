import Foundation
import Testing

/// The directories `kiosk` and `kiosk-hub` make for their data, parents included, are owner-only whatever the umask.
@Test func everyDirectoryMadeForDataIsOwnerOnlyWhateverTheUmask() throws {
    let kiosk = try KioskSandbox(exitReader: false)
    let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int).map { $0 & 0o777 } }
    /// Runs `program` with `arguments` under umask 000, as a careless installer's shell would.
    func loosely(_ program: URL, _ arguments: String...) throws -> KioskRun {
        try KioskRun(["-c", "umask 000 && exec \"$0\" \"$@\"", program.path] + arguments, executable: URL(fileURLWithPath: "/bin/sh"))
    }
    let gate = kiosk.directory.appendingPathComponent("gate/var/lib/kiosk").path
    let config = try kiosk.write("nested.conf", "[kiosk]\nid = \"gate-1\"\ndata_dir = \"\(gate)\"\n")
    #expect(try loosely(KioskRun.executable, "tap", "--uid", "04A1B2C3", "--config", config).status == 0)
    let hub = kiosk.directory.appendingPathComponent("hub/var/lib/kiosk-hub").path
    #expect(try loosely(HubSandbox.executable, "token", "create", "--kiosk", "gate-1", "--data-dir", hub).status == 0)
    for made in ["gate", "gate/var", "gate/var/lib", "gate/var/lib/kiosk", "hub", "hub/var", "hub/var/lib", "hub/var/lib/kiosk-hub"] {
        #expect(mode(kiosk.directory.appendingPathComponent(made).path) == 0o700, "\(made)")
    }
    #expect(mode(gate + "/journal.sqlite") == 0o600)
    #expect(mode(hub + "/hub.sqlite") == 0o600)
}
