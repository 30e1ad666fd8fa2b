import KioskCards
import Testing

/// What a card may put in its NDEF file instead of a SUN URI: each is a clear absence, never a crash.
@Suite struct SunMessageParsingTests {
    static let sun = "picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"

    static func uriRecord(_ text: String, code: UInt8 = 0x04) -> [UInt8] {
        [0xD1, 0x01, UInt8(text.utf8.count + 1), 0x55, code] + Array(text.utf8)
    }

    @Test func anyHostPathAndCaseOfHex() throws {
        let message = try SunMessage(uri: "http://pg.example.in/a/b?x=1&" + Self.sun.lowercased() + "#frag")
        #expect(message.piccData.count == 16)
        #expect(message.mac.count == 8)
    }

    @Test(arguments: [
        ("https://tap.example/t", "0 `picc_data` parameters"),
        ("https://tap.example/t?cmac=94EED9EE65337086", "0 `picc_data` parameters"),
        ("https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88", "0 `cmac` parameters"),
        ("https://tap.example/t?\(sun)&cmac=94EED9EE65337086", "2 `cmac` parameters"),
        ("https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E&cmac=94EED9EE65337086", "`picc_data` is not 32 hex digits"),
        ("https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE6533708G", "`cmac` is not 16 hex digits"),
    ])
    func uriWithoutTheParameters(uri: String, problem: String) {
        #expect {
            try SunMessage(uri: uri)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    @Test func truncatedRecordsAndOtherRecordTypes() {
        let record = Self.uriRecord("tap.example/t?" + Self.sun)
        for length in [1, 2, 3, 10, record.count - 1] {
            #expect(throws: SunAbsence.self) { try NDEFURIRecord.uri(in: Array(record.prefix(length))).get() }
        }
        let text: [UInt8] = [0xD1, 0x01, 0x03, 0x54, 0x02, 0x65, 0x6E]
        #expect(throws: SunAbsence.self) { try NDEFURIRecord.uri(in: text).get() }
        #expect(throws: SunAbsence.self) { try NDEFURIRecord.uri(in: Self.uriRecord("x", code: 0x24)).get() }
        #expect(throws: SunAbsence.self) { try NDEFURIRecord.uri(in: []).get() }
    }

    @Test func aURIRecordAfterAnotherRecordAndInALongRecord() throws {
        let text: [UInt8] = [0x91, 0x01, 0x03, 0x54, 0x02, 0x65, 0x6E]
        let body = Array("tap.example/t?\(Self.sun)".utf8)
        let long: [UInt8] = [0x41, 0x01, 0x00, 0x00, 0x00, UInt8(body.count + 1), 0x55, 0x04] + body
        #expect(try NDEFURIRecord.uri(in: text + long).get() == "https://tap.example/t?" + Self.sun)
    }

    @Test func aMessageOf64KiBIsRefused() {
        let huge = [UInt8](repeating: 0x41, count: 65_535)
        #expect {
            try NDEFURIRecord.uri(in: huge).get()
        } throws: { error in
            "\(error)".contains("65535 bytes")
        }
    }
}
