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

    /// Puts a card with `uid` in the field for `hold` seconds; returns when it entered the field. With `ntag424`
    /// (the keys as `META:FILE` hex, and the file of its read counter) it is an NTAG 424 DNA showing SUN.
    func present(_ uid: String, hold: Double, ntag424: (keys: String, counterFile: URL)? = nil) async throws -> Date {
        let command = ntag424.map { "present-ntag424 \(uid) \(hold) \($0.keys) \($0.counterFile.path)" } ?? "present \(uid) \(hold)"
        let line = try await answer(to: command)
        guard let epoch = Double(line.dropFirst("presented ".count)) else { throw VirtualCardError(output: line) }
        return Date(timeIntervalSince1970: epoch)
    }

    /// Returns at the reader's next poll for a card made while none is in the field: the reader is open and
    /// polling (or, after a card left, has seen it go).
    func awaitPolling() async throws {
        let line = try await answer(to: "await-poll")
        guard line == "polling" else { throw VirtualCardError(output: line) }
    }

    /// Sends `command` and reads the emulator's answer on a thread of its own, off the cooperative pool.
    private func answer(to command: String) async throws -> String {
        input.fileHandleForWriting.write(Data("\(command)\n".utf8))
        return try await withCheckedThrowingContinuation { answered in
            Thread.detachNewThread { answered.resume(with: Result { try self.readLine() }) }
        }
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
