#if PCSC
import CPCSCLite

/// A PC/SC call that failed, with pcsclite's own code and its text.
struct PCSCError: Error, CustomStringConvertible {
    let call: String
    let code: Int

    init(_ call: String, _ code: Int) {
        self.call = call
        self.code = code
    }

    var description: String {
        let text = pcsc_stringify_error(code).map { String(cString: $0) } ?? "unknown error"
        return "\(call): \(text) (0x\(String(UInt32(truncatingIfNeeded: code), radix: 16, uppercase: true)))"
    }

    /// Ended by `SCardCancel`.
    static let cancelled = 0x8010_0002
    static let unknownReader = 0x8010_0009
    static let noReadersAvailable = 0x8010_002E
}
#endif
