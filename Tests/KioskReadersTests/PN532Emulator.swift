import Foundation
import KioskTesting

/// An emulated PN532 on a pseudo-terminal (Tests/Fixtures/pn532_emulator.py), reached by libnfc's real
/// pn532_uart driver. Cards are put in its field for a given time.
final class PN532Emulator: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pn532_emulator.py")

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    let link: String

    /// The libnfc connstring of the emulated device.
    var connstring: String { "pn532_uart:\(link)" }

    /// Starts the emulator, its pty linked at `link` (a new temporary path by default).
    init(link: String = FileManager.default.temporaryDirectory.appendingPathComponent("pn532-\(UUID().uuidString)").path) throws {
        self.link = link
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--link", link]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        _ = try readLine()
    }

    deinit {
        try? input.fileHandleForWriting.close()
    }

    /// Unplugs the device: the emulator ends at the end of its input (a signal could be blocked: the mask of
    /// the test's thread is inherited), and its pty closes.
    func unplug() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Puts a card with `uid` in the field for `hold` seconds; returns when it entered the field.
    func present(_ uid: String, hold: Double) throws -> Date {
        input.fileHandleForWriting.write(Data("present \(uid) \(hold)\n".utf8))
        let line = try readLine()
        guard let epoch = Double(line.dropFirst("presented ".count)) else { throw VirtualCardError(output: line) }
        return Date(timeIntervalSince1970: epoch)
    }

    private func readLine() throws -> String {
        var bytes: [UInt8] = []
        while true {
            guard let byte = try output.fileHandleForReading.read(upToCount: 1)?.first else { throw VirtualCardError(output: "emulator ended") }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
