import Foundation
import Testing

/// The gate's program carries no hub code: no server framework, PostgreSQL driver, bcrypt, Mustache or multipart
/// parser, and none of the hub's own modules (`kiosk demo` runs `kiosk-hub` as a process of its own).
@Test func theGateLinksNoHubCode() throws {
    let binary = try Data(contentsOf: KioskRun.executable)
    // Swift mangles a module's name into every symbol of it as its length and the name (`11Hummingbird`).
    for module in ["Hummingbird", "HummingbirdBcrypt", "PostgresNIO", "Mustache", "MultipartKit", "KioskHub", "KioskConsole"] {
        #expect(binary.range(of: Data("\(module.count)\(module)".utf8)) == nil, "kiosk links \(module)")
    }
    // The check can see a module: the gate's own are there.
    #expect(binary.range(of: Data("12KioskJournal".utf8)) != nil)
}
