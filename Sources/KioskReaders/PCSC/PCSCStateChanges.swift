#if PCSC
import CPCSCLite
import Foundation

/// One `SCardGetStatusChange` call over the PnP pseudo-reader and a set of readers, owning the C strings
/// the call needs for as long as it runs.
struct PCSCStateChanges {
    struct Reader {
        let name: String
        let eventState: DWORD
        let atr: [UInt8]
    }

    private var states: [SCARD_READERSTATE]
    private let names: [String]

    init(pnpState: DWORD, readers: [(name: String, state: DWORD)]) {
        names = readers.map(\.name)
        states = ([(String(cString: kiosk_pnp_notification()), pnpState)] + readers).map { name, state in
            var entry = SCARD_READERSTATE()
            entry.szReader = UnsafePointer(strdup(name))
            entry.dwCurrentState = state
            return entry
        }
    }

    /// Blocks until a reader's state differs from the one given, a reader is added or removed, or `SCardCancel`.
    mutating func wait(_ context: SCARDCONTEXT) -> Int {
        defer {
            for entry in states { free(UnsafeMutablePointer(mutating: entry.szReader)) }
        }
        let count = DWORD(states.count)
        return Int(SCardGetStatusChange(context, DWORD(INFINITE), &states, count))
    }

    /// The PnP pseudo-reader's state to wait from next time.
    var pnpEventState: DWORD { states[0].dwEventState & ~DWORD(SCARD_STATE_CHANGED) }

    /// The readers' new states and the ATR of any card on them.
    var readers: [Reader] {
        zip(names, states.dropFirst()).map { name, entry in
            let atr = withUnsafeBytes(of: entry.rgbAtr) { Array($0.prefix(Int(entry.cbAtr))) }
            return Reader(name: name, eventState: entry.dwEventState, atr: atr)
        }
    }
}
#endif
