import Foundation
import KioskCards
import KioskCore
import Testing

/// The `[cards] sun_keys_file`: owner-only, two keys; anything else is a configuration error naming file and line.
@Suite struct SunKeysFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sun-keys-\(UUID().uuidString)")

    func write(_ text: String, mode: Int = 0o600) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("sun-keys").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func twoKeysWithCommentsAndBlankLines() throws {
        let path = try write("# the PG's keys\n\nmeta = 00000000000000000000000000000000\nfile = b62a9baf092439bd43c62aee96b970c5  # file\n")
        _ = try SunKeys.load(path: path)
    }

    @Test(arguments: [
        ("meta = 00000000000000000000000000000000\n", "the `file` key is missing"),
        (
            "meta = 0000000000000000000000000000000\nfile = 00000000000000000000000000000000\n",
            "sun-keys:1: meta: '0000000000000000000000000000000' is not"
        ),
        ("meta = 00000000000000000000000000000000\nfile = 0000000000000000000000000000000Z\n", "sun-keys:2: file:"),
        ("meta = 00000000000000000000000000000000\nkey 00\n", "sun-keys:2: expected `meta = <32 hex digits>`"),
        ("meta = 00000000000000000000000000000000\nmeta = 00000000000000000000000000000000\n", "sun-keys:2: `meta` is given twice"),
    ])
    func badFiles(text: String, problem: String) throws {
        let path = try write(text)
        #expect {
            try SunKeys.load(path: path)
        } throws: { error in
            guard let error = error as? KioskError else { return false }
            return error.category == .configuration && error.message.contains(problem) && error.message.contains(path)
        }
    }

    @Test(arguments: [0o640, 0o604, 0o644])
    func readableByGroupOrOthers(mode: Int) throws {
        let path = try write("meta = 00000000000000000000000000000000\nfile = 00000000000000000000000000000000\n", mode: mode)
        #expect {
            try SunKeys.load(path: path)
        } throws: { error in
            guard let error = error as? KioskError else { return false }
            return error.category == .configuration && error.message.contains("chmod 600 \(path)")
        }
    }

    @Test func aMissingFile() {
        #expect(throws: KioskError.self) { try SunKeys.load(path: directory.appendingPathComponent("absent").path) }
    }
}
