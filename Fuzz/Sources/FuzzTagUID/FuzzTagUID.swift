import FuzzDriver
import KioskCore

/// Any text: a UID parsed from it is 4, 7 or 10 bytes of uppercase hex and parses back to itself; an error names
/// the value.
@_cdecl("FuzzTagUID_main")
func fuzzTagUID(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let text = String(decoding: bytes(data, size), as: UTF8.self)
        do throws(KioskError) {
            let uid = try TagUID(parsing: text)
            precondition(TagUID.validByteCounts.contains(uid.hex.count / 2) && uid.hex.count % 2 == 0, "bad length: \(uid.hex)")
            precondition(uid.hex.allSatisfy { $0.isHexDigit && !$0.isLowercase }, "not uppercase hex: \(uid.hex)")
            precondition((try? TagUID(parsing: uid.hex)) == uid, "does not parse back: \(uid.hex)")
        } catch {
            precondition(error.category == .dataError || error.category == .usage, "unexpected category: \(error)")
        }
        return 0
    }
}
