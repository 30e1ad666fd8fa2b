import KioskConfig
import KioskCore
import Testing

/// `byte_order` of a keyboard reader: read when given, `standard` when not, an error naming the line otherwise.
struct ReaderByteOrderTests {
    @Test func readsTheByteOrder() throws {
        let text = "[[readers]]\ndriver = \"keyboard\"\nbyte_order = \"reversed\"\n\n[[readers]]\ndriver = \"keyboard\"\n"
        let readers = try ConfigurationLoader.parse(text, file: "kiosk.conf").readers
        #expect(readers.map(\.byteOrder) == [.reversed, .standard])
    }

    @Test func anUnknownByteOrderIsAnErrorNamingTheLine() {
        let text = "[[readers]]\ndriver = \"keyboard\"\nbyte_order = \"sideways\"\n"
        #expect(throws: KioskError.self) { try ConfigurationLoader.parse(text, file: "kiosk.conf") }
        do {
            _ = try ConfigurationLoader.parse(text, file: "kiosk.conf")
        } catch {
            #expect(error.message.contains("kiosk.conf:3:"))
            #expect(error.message.contains("'sideways' is not a byte order (standard or reversed)"))
        }
    }
}
