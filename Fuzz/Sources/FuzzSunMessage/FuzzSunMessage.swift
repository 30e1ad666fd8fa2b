import FuzzDriver
import KioskCards
import KioskCore

/// Any bytes as a card's answers to the Type 4 Tag read (split into responses at the first byte's lengths) and as an
/// NDEF message: the read ends in a message, an absence or an interruption, a SUN message has 16 bytes of PICC data
/// and 8 of MAC, and verifying it never traps.
@_cdecl("FuzzSunMessage_main")
func fuzzSunMessage(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let input = bytes(data, size)
        let keys = SunKeys(meta: [UInt8](repeating: 0, count: 16), file: [UInt8](repeating: 0, count: 16))
        if case .success(let uri) = NDEFURIRecord.uri(in: input), let message = try? SunMessage(uri: uri) {
            precondition(message.piccData.count == 16 && message.mac.count == 8, "a SUN message of the wrong size")
            _ = SunVerifier.verify(message, keys: keys)
        }
        var rest = input[...]
        let step = max(1, Int(input.first ?? 1) % 64)
        let card = Type4TagRead<Never> { _ in
            let answer = rest.prefix(step)
            rest = rest.dropFirst(step)
            return Array(answer) + (rest.isEmpty ? [0x6A, 0x82] : [0x90, 0x00])
        }
        if case .message(let message) = card.sun() {
            precondition(message.piccData.count == 16 && message.mac.count == 8, "a SUN message of the wrong size")
            precondition(message.uri.utf8.count <= NDEFURIRecord.maximumMessageLength + 40, "a URI longer than its message")
        }
        return 0
    }
}
