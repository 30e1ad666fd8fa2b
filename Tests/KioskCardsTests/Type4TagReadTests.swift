import KioskCards
import Testing

/// The Type 4 Tag read against a card simulated here (the same sequence runs through pcscd and vpcd in the reader
/// tests): what each kind of bad answer gives.
@Suite struct Type4TagReadTests {
    struct Removed: Error {}

    /// A Type 4 tag answering from `file` (NLEN and the message), or `garbage` to every command after `answersBefore`.
    final class SimulatedTag {
        var file: [UInt8]
        var selected: [UInt8] = []
        var commands = 0
        var failures: [Int: Removed] = [:]
        var replacements: [Int: [UInt8]] = [:]

        init(message: [UInt8]) {
            file = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
            file += [UInt8](repeating: 0, count: max(0, 256 - file.count))
        }

        func transmit(_ apdu: [UInt8]) throws(Removed) -> [UInt8] {
            commands += 1
            if let failure = failures[commands] { throw failure }
            if let replacement = replacements[commands] { return replacement }
            switch (apdu[0], apdu[1]) {
            case (0x00, 0xA4):
                let id = Array(apdu[5..<5 + Int(apdu[4])])
                guard [[0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01], [0xE1, 0x03], [0xE1, 0x04]].contains(id) else { return [0x6A, 0x82] }
                selected = id
                return [0x90, 0x00]
            case (0x00, 0xB0):
                let offset = Int(apdu[2]) << 8 | Int(apdu[3])
                let content: [UInt8] =
                    selected == [0xE1, 0x03]
                    ? [0x00, 0x17, 0x20, 0x01, 0x00, 0x00, 0xFF, 0x04, 0x06, 0xE1, 0x04, 0x01, 0x00, 0x00, 0x00] : file
                guard offset < content.count else { return [0x6A, 0x86] }
                let length = apdu[4] == 0 ? 256 : Int(apdu[4])
                return Array(content[offset..<min(content.count, offset + length)]) + [0x90, 0x00]
            default:
                return [0x6D, 0x00]
            }
        }

        var read: Type4TagRead<Removed> { Type4TagRead { (apdu) throws(Removed) in try self.transmit(apdu) } }
    }

    static let uri = "tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"
    static let record: [UInt8] = [0xD1, 0x01, UInt8(uri.utf8.count + 1), 0x55, 0x04] + Array(uri.utf8)

    @Test func aSUNCardGivesItsMessage() throws {
        let tag = SimulatedTag(message: Self.record)
        guard case .message(let message) = tag.read.sun() else {
            Issue.record("no SUN message")
            return
        }
        #expect(message.uri == "https://" + Self.uri)
        #expect(tag.commands == 6)
    }

    @Test func aCloneRefusesTheSelect() {
        let tag = SimulatedTag(message: Self.record)
        tag.replacements[1] = [0x6A, 0x82]
        guard case .absent(let absence) = tag.read.sun() else {
            Issue.record("a clone's refused SELECT gave something else")
            return
        }
        #expect(absence.description.contains("SELECT of the NDEF application: status 6A 82"))
    }

    @Test(arguments: [
        (3, [0x01, 0x02, 0x90, 0x00], "a capability container without an NDEF file"),
        (3, [0x01, 0x02], "READ BINARY of the CC file: status 01 02"),
        (5, [0xFF, 0xFF, 0x90, 0x00], "an NDEF message of 65535 bytes"),
        (5, [0x00, 0x90, 0x00], "an NLEN of 1 bytes"),
        (5, [0x00, 0x04, 0x90, 0x00], "a truncated or malformed NDEF record at byte 0"),
        (6, [0x90, 0x00], "a READ BINARY of 83 bytes answered with 0"),
        (4, [0x6A, 0x82], "SELECT of the NDEF file: status 6A 82"),
    ])
    func garbageAnswers(command: Int, answer: [UInt8], problem: String) {
        let tag = SimulatedTag(message: Self.record)
        tag.replacements[command] = answer
        guard case .absent(let absence) = tag.read.sun() else {
            Issue.record("garbage gave something other than an absent SUN")
            return
        }
        #expect(absence.description.contains(problem))
    }

    @Test func aCardRemovedOnceIsReadAgainFromTheStart() {
        let tag = SimulatedTag(message: Self.record)
        tag.failures[6] = Removed()
        guard case .message = tag.read.sun() else {
            Issue.record("one interruption lost the read")
            return
        }
        #expect(tag.commands == 6 + 6)
    }

    @Test func aCardRemovedTwiceIsInterrupted() {
        let tag = SimulatedTag(message: Self.record)
        tag.failures[4] = Removed()
        tag.failures[8] = Removed()
        guard case .interrupted = tag.read.sun() else {
            Issue.record("two interruptions gave something other than interrupted")
            return
        }
    }

    @Test func answersWithoutAStatusWordAreInterruptions() {
        let tag = SimulatedTag(message: Self.record)
        tag.replacements[6] = [0x90]
        tag.replacements[12] = []
        #expect(tag.read.sun() == .interrupted("READ BINARY of the NDEF message: an answer of 0 bytes"))
    }

    @Test func aLongMessageIsReadInChunks() throws {
        let long = "tap.example/" + String(repeating: "p", count: 300) + "?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"
        let body = Array(long.utf8)
        let record: [UInt8] = [0xC1, 0x01, 0x00, 0x00, UInt8((body.count + 1) >> 8), UInt8((body.count + 1) & 0xFF), 0x55, 0x04] + body
        let tag = SimulatedTag(message: record)
        tag.file += [UInt8](repeating: 0, count: 512)
        tag.replacements[3] = [0x00, 0x17, 0x20, 0x00, 0x80, 0x00, 0xFF, 0x04, 0x06, 0xE1, 0x04, 0x04, 0x00, 0x00, 0x00, 0x90, 0x00]
        guard case .message(let message) = tag.read.sun() else {
            Issue.record("a long message was not read")
            return
        }
        #expect(message.uri == "https://" + long)
        #expect(tag.commands == 5 + (record.count + 127) / 128)
    }
}
