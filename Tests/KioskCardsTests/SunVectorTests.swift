import Crypto
import CryptoExtras
import KioskCards
import KioskCore
import Testing

/// The published vectors of NTAG424.md: AN12196, nfc-developer/sdm-backend and RFC 4493.
@Suite struct SunVectorTests {
    static let zeroKeys = SunKeys(meta: [UInt8](repeating: 0, count: 16), file: [UInt8](repeating: 0, count: 16))

    @Test func an12196SunMessageVerifiesToItsUIDAndCounter() throws {
        let message = try SunMessage(uri: "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
        let proof = try SunVerifier.verify(message, keys: Self.zeroKeys).get()
        #expect(proof == SunProof(uid: try TagUID(parsing: "04DE5F1EACC040"), counter: 61))
    }

    @Test func an12196IntermediateValues() throws {
        var plain = try hex("EF963FF7828658A599F3041510671E88")
        try AES.inversePermute(&plain, key: Self.zeroKeys.meta)
        #expect(plain == (try hex("C704DE5F1EACC0403D0000DA5CF60941")))
        let sessionKey = SunVerifier.cmac(try hex("3CC30001008004DE5F1EACC0403D0000"), key: Self.zeroKeys.file)
        #expect(sessionKey == (try hex("3FB5F6E3A807A03D5E3570ACE393776F")))
        #expect(SunVerifier.cmac([], key: SymmetricKey(data: sessionKey)) == (try hex("E194C7EE12D9F7EE8A65C8331B704386")))
    }

    @Test func aChangedMACOrPICCDataIsForged() throws {
        let changedMAC = try SunMessage(uri: "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337087")
        #expect(throws: SunForgery.self) { try SunVerifier.verify(changedMAC, keys: Self.zeroKeys).get() }
        let changedData = try SunMessage(uri: "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E89&cmac=94EED9EE65337086")
        #expect(throws: SunForgery.self) { try SunVerifier.verify(changedData, keys: Self.zeroKeys).get() }
        let otherKeys = SunKeys(meta: [UInt8](repeating: 1, count: 16), file: [UInt8](repeating: 0, count: 16))
        let genuine = try SunMessage(uri: "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
        #expect(throws: SunForgery.self) { try SunVerifier.verify(genuine, keys: otherKeys).get() }
    }

    @Test func an12196MACOverFileData() throws {
        var plain = try hex("FD91EC264309878BE6345CBE53BADF40")
        try AES.inversePermute(&plain, key: Self.zeroKeys.meta)
        #expect(Array(plain[1...7]) == (try hex("04958CAA5C5E80")))
        #expect(Array(plain[8...10]) == [8, 0, 0])
        let sv2 = try hex("3CC30001008004958CAA5C5E80") + [8, 0, 0]
        #expect(SunVerifier.cmac(sv2, key: Self.zeroKeys.file) == (try hex("3ED0920E5E6A0320D823D5987FEAFBB1")))
        let mac = SunVerifier.mac(
            uid: Array(plain[1...7]),
            counter: [8, 0, 0],
            input: Array("CEE9A53E3E463EF1F459635736738962&cmac=".utf8),
            fileKey: Self.zeroKeys.file
        )
        #expect(mac == (try hex("ECC1E7F6C6C73BF6")))
        #expect(mac != (try hex("3CC1E7F6C6C33B33")))
    }

    @Test func sdmBackendCustomKeys() throws {
        var plain = try hex("8ACADDEF0A9B62CDAE39A16B83FC14DE")
        try AES.inversePermute(&plain, key: SymmetricKey(data: try hex("42AFF114F2CB3B6141BE6DC95DFC5416")))
        #expect(plain[0] == 0xC7)
        #expect(Array(plain[1...7]) == (try hex("041D3C8A2D6B80")))
        #expect(Int(plain[8]) | Int(plain[9]) << 8 | Int(plain[10]) << 16 == 291)
        let mac = SunVerifier.mac(
            uid: Array(plain[1...7]),
            counter: Array(plain[8...10]),
            input: Array("B8436E11F627BB7F543FCC0C1E0D1A89".utf8),
            fileKey: SymmetricKey(data: try hex("B62A9BAF092439BD43C62AEE96B970C5"))
        )
        #expect(mac == (try hex("238B2543A8DEBAD8")))
    }

    @Test func sdmBackendPlainMirror() throws {
        let mac = SunVerifier.mac(uid: try hex("041E3C8A2D6B80"), counter: [6, 0, 0], input: [], fileKey: Self.zeroKeys.file)
        #expect(mac == (try hex("4B00064004B0B3D3")))
    }

    @Test func rfc4493EmptyMessage() throws {
        let key = SymmetricKey(data: try hex("2B7E151628AED2A6ABF7158809CF4F3C"))
        #expect(SunVerifier.cmac([], key: key) == (try hex("BB1D6929E95937287FA37D129B756746")))
    }

    @Test func theTagsNDEFMessageGivesTheURI() throws {
        let text = "tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"
        let message: [UInt8] = [0xD1, 0x01, UInt8(text.utf8.count + 1), 0x55, 0x04] + Array(text.utf8)
        #expect(message.count == 0x53)
        let uri = try NDEFURIRecord.uri(in: message).get()
        #expect(uri == "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
    }
}

/// The bytes of a vector's hex string.
func hex(_ text: String) throws -> [UInt8] {
    let digits = Array(text)
    try #require(digits.count.isMultiple(of: 2))
    return try stride(from: 0, to: digits.count, by: 2).map { try #require(UInt8(String(digits[$0...$0 + 1]), radix: 16)) }
}
