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

    /// pcscd is not running or went away: reopen the context later.
    static let noService = 0x8010_001D
    static let serviceStopped = 0x8010_001E
    /// Ended by `SCardCancel`.
    static let cancelled = 0x8010_0002
    static let timeout = 0x8010_000A
    static let unknownReader = 0x8010_0009
    static let noReadersAvailable = 0x8010_002E
    static let insufficientBuffer = 0x8010_0008
}
#endif
