import Foundation
import Testing

@testable import KioskCards

/// README "Ordering and programming tags" gives the Proxmark3 commands that program a tag: the NDEF file they write
/// must be one the kiosk reads a SUN from, and the SDM offsets must fall on the URI's two parameters.
@Suite struct TagProgrammingCommandsTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The README's command starting with `prefix`, split into its words.
    static func command(_ prefix: String) throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }, "README has no `\(prefix)` command")
        return line.split(separator: " ").map(String.init)
    }

    /// The value following `option` in `words`.
    static func value(of option: String, in words: [String]) throws -> String {
        let index = try #require(words.firstIndex(of: option), "no \(option) in \(words.joined(separator: " "))")
        return try #require(words.dropFirst(index + 1).first)
    }

    @Test func theWrittenNDEFFileHoldsASunURIAndTheOffsetsFallOnItsParameters() throws {
        let hex = try Self.value(of: "-d", in: try Self.command("hf ntag424 write --fileno 2"))
        let file = try #require(HexBytes.parse(hex), "\(hex) is not hex")
        let length = Int(file[0]) << 8 | Int(file[1])
        #expect(length == file.count - 2, "NLEN says \(length) bytes, the file holds \(file.count - 2)")
        let uri = try NDEFURIRecord.uri(in: Array(file.dropFirst(2))).get()
        let message = try SunMessage(uri: uri)
        #expect(message.piccData == [UInt8](repeating: 0, count: 16) && message.mac == [UInt8](repeating: 0, count: 8))

        let settings = try Self.command("hf ntag424 changefs --fileno 2")
        func offset(_ option: String) throws -> Int { try #require(Int(try Self.value(of: option, in: settings), radix: 16)) }
        func text(at offset: Int, length: Int) -> String { String(decoding: file.dropFirst(offset).prefix(length), as: UTF8.self) }
        #expect(text(at: try offset("--data1") - 10, length: 42) == "picc_data=" + String(repeating: "0", count: 32))
        #expect(try offset("--data2") == (try offset("--data3")), "the MAC is over no file data")
        #expect(text(at: try offset("--data3") - 5, length: 21) == "cmac=" + String(repeating: "0", count: 16))

        let options = try #require(UInt8(try Self.value(of: "-s", in: settings), radix: 16))
        #expect(options & 0xC1 == 0xC1, "UID and read counter mirrored, in ASCII")
        #expect(options & 0x10 == 0, "no encrypted file data")
        #expect(try Self.value(of: "-o", in: settings) == "40", "SDM on, plain communication")
    }
}
