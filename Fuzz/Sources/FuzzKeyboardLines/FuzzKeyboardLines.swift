import FuzzDriver
import KioskCore
import KioskReaders

/// Any bytes from a keyboard-wedge reader, as text and as evdev key events, split at an arbitrary point: lines hold
/// no line break, and a UID read from a line is a valid UID.
@_cdecl("FuzzKeyboardLines_main")
func fuzzKeyboardLines(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let input = bytes(data, size)
        let split = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
        var text = TextLines()
        var evdev = EvdevLines()
        let lines =
            text.feed(Array(input[..<split])) + text.feed(Array(input[split...]))
            + evdev.feed(Array(input[..<split])) + evdev.feed(Array(input[split...]))
        for line in lines {
            precondition(!line.contains("\n") && !line.contains("\r"), "a line with a line break")
            for order in UIDByteOrder.allCases {
                if let uid = try? TypedUID.parse(line, byteOrder: order) {
                    precondition((try? TagUID(parsing: uid.hex)) == uid, "an invalid UID from '\(line)'")
                }
            }
        }
        return 0
    }
}
