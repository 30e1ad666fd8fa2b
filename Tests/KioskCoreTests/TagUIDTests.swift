import KioskCore
import Testing

@Suite("Tag UIDs")
struct TagUIDTests {
    @Test(
        "accepted forms give the canonical uppercase hex",
        arguments: [
            ("04a1b2c3", "04A1B2C3"),
            ("04A1B2C3", "04A1B2C3"),
            ("04:a1:B2:c3", "04A1B2C3"),
            ("04-A1-b2-C3", "04A1B2C3"),
            ("04 a1 b2 c3", "04A1B2C3"),
            ("04:a1-b2 c3", "04A1B2C3"),
            ("  04a1b2c3  ", "04A1B2C3"),
            ("aBcDeF01", "ABCDEF01"),
            ("04a1b2c3d4e5f6", "04A1B2C3D4E5F6"),
            ("04:A1:B2:C3:D4:E5:F6", "04A1B2C3D4E5F6"),
            ("00-11-22-33-44-55-66-77-88-99", "00112233445566778899"),
            ("aabbccddeeff00112233", "AABBCCDDEEFF00112233"),
        ]
    )
    func accepted(input: String, canonical: String) throws {
        let uid = try TagUID(parsing: input)
        #expect(uid.hex == canonical)
        #expect(uid.description == canonical)
    }

    @Test("different spellings of one UID are equal and hash alike")
    func spellingsAreEqual() throws {
        let spellings = ["04a1b2c3d4e5f6", "04:A1:B2:C3:D4:E5:F6", "04-a1-b2-c3-d4-e5-f6", "04 A1 b2 C3 d4 E5 f6"]
        let uids = try spellings.map { try TagUID(parsing: $0) }
        #expect(Set(uids).count == 1)
    }

    @Test("4, 7 and 10 bytes are the valid lengths")
    func validLengths() throws {
        for bytes in 1...12 {
            let text = String(repeating: "A5", count: bytes)
            let valid = (try? TagUID(parsing: text)) != nil
            #expect(valid == [4, 7, 10].contains(bytes), "\(bytes) bytes")
        }
    }

    @Test(
        "invalid UIDs are data errors that name the value",
        arguments: [
            "04A1B2C3D4",  // 5 bytes
            "04A1B2C",  // odd number of digits
            "04A1B2C3D4E5F",  // 13 digits
            "04A1B2CG",  // non-hex letter
            "04A1B2C3:D4E5F6Z",  // non-hex at the end
            "04.A1.B2.C3",  // '.' is not a separator
            "04_A1_B2_C3",  // '_' is not a separator
            "04\tA1\tB2\tC3",  // a tab is not a space
            "０４Ａ１Ｂ２Ｃ３",  // fullwidth digits are not ASCII hex
            "0x04A1B2C3",  // no prefix
            "04A1B2C3D4E5F600112233",  // 11 bytes
        ]
    )
    func invalid(input: String) {
        let error = #expect(throws: KioskError.self) { try TagUID(parsing: input) }
        #expect(error?.category == .dataError)
        #expect(error?.message.contains(input) == true, "message: \(error?.message ?? "none")")
    }

    @Test("an empty UID or only separators is invalid")
    func empty() {
        for input in ["", "::", " - "] {
            let error = #expect(throws: KioskError.self) { try TagUID(parsing: input) }
            #expect(error?.message.contains("'\(input)'") == true, "message: \(error?.message ?? "none")")
        }
    }

    @Test("init(bytes:) gives two uppercase digits per byte")
    func fromBytes() throws {
        #expect(try TagUID(bytes: [0x04, 0xA1, 0x0B, 0x00]).hex == "04A10B00")
        #expect(try TagUID(bytes: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]) == TagUID(parsing: "04:a1:b2:c3:d4:e5:f6"))
        #expect(try TagUID(bytes: Array(0..<10)).hex == "00010203040506070809")
        #expect(try TagUID(bytes: [0xFF, 0xFF, 0xFF, 0xFF]).hex == "FFFFFFFF")
    }

    @Test("init(bytes:) rejects lengths other than 4, 7 and 10")
    func fromBytesInvalid() {
        for count in [0, 1, 3, 5, 6, 8, 9, 11, 16] {
            let error = #expect(throws: KioskError.self) { try TagUID(bytes: [UInt8](repeating: 0x42, count: count)) }
            #expect(error?.category == .dataError)
            #expect(error?.message.contains("\(count)") == true)
        }
    }

    @Test("UIDs order by their canonical hex")
    func ordering() throws {
        let sorted = try ["ff000000", "04a1b2c3", "04A1B2C3D4E5F6", "0A000000"].map { try TagUID(parsing: $0) }.sorted()
        #expect(sorted.map(\.hex) == ["04A1B2C3", "04A1B2C3D4E5F6", "0A000000", "FF000000"])
    }
}

/// A database URL never shows its password when printed, and names what is missing.
@Test func aDatabaseURLMasksItsPassword() throws {
    let url = try #require(DatabaseURL("postgres://kiosk:s3cr%40t@db.example:6432/hub"))
    #expect(url.password == "s3cr@t" && url.port == 6432 && url.database == "hub")
    #expect("\(url)" == "postgres://kiosk:***@db.example:6432/hub")
    #expect(DatabaseURL.problem("postgres://kiosk@db.example") == "the URL names no database (…/DATABASE)")
    #expect(DatabaseURL.problem("mysql://kiosk@db/hub") != nil)
}
