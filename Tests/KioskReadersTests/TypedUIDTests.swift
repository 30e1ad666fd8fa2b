import KioskCore
import Testing

@testable import KioskReaders

struct TypedUIDTests {
    @Test(arguments: [
        ("04A1B2C3", UIDByteOrder.standard, "04A1B2C3"),
        ("04:a1:b2:c3:d4:e5:f6", .standard, "04A1B2C3D4E5F6"),
        ("04A1B2C3D4E5F6071829", .standard, "04A1B2C3D4E5F6071829"),
        ("0012345678", .standard, "4E61BC00"),
        ("0012345678", .reversed, "00BC614E"),
        ("3283263748", .standard, "04A1B2C3"),
        ("04A1B2C3", .reversed, "C3B2A104"),
    ])
    func readsHexAndDecimal(line: String, order: UIDByteOrder, uid: String) throws {
        #expect(try TypedUID.parse(line, byteOrder: order).hex == uid)
    }

    @Test(arguments: ["", "bad", "04A1B2", "99999999999999999999999"])
    func refusesWhatIsNoUID(line: String) {
        #expect(throws: KioskError.self) { try TypedUID.parse(line, byteOrder: .standard) }
    }

    @Test func evdevKeyPressesBecomeLines() {
        var lines = EvdevLines()
        // linux/input-event-codes.h: KEY_0 11, KEY_4 5, KEY_A 30, KEY_1 2, KEY_B 48, KEY_2 3, KEY_C 46, KEY_3 4, KEY_ENTER 28.
        let keys: [UInt16] = [11, 5, 30, 2, 48, 3, 46, 4, 28]
        let bytes = keys.flatMap { Self.event(code: $0, value: 1) + Self.event(code: $0, value: 0) }
        #expect(lines.feed(Array(bytes.prefix(100))) + lines.feed(Array(bytes.dropFirst(100))) == ["04A1B2C3"])
    }

    /// One `struct input_event` of type EV_KEY as the kernel writes it on x86_64.
    static func event(code: UInt16, value: Int32) -> [UInt8] {
        [UInt8](repeating: 0, count: 16) + [1, 0, UInt8(code & 0xFF), UInt8(code >> 8)] + withUnsafeBytes(of: value.littleEndian, Array.init)
    }
}
