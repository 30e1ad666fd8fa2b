#if PCSC
import CPCSCLite

/// A connection to the card on one PC/SC reader, used by the reader's thread only and closed with `close()`.
struct PCSCCard {
    private let handle: SCARDHANDLE
    private let protocolID: DWORD

    /// Connects in shared mode, so other programs (pcsc_scan) can still see the reader.
    init(context: SCARDCONTEXT, reader: String) throws(PCSCError) {
        var handle: SCARDHANDLE = 0
        var active: DWORD = 0
        let status = SCardConnect(context, reader, DWORD(SCARD_SHARE_SHARED), DWORD(SCARD_PROTOCOL_T0 | SCARD_PROTOCOL_T1), &handle, &active)
        guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardConnect", Int(status)) }
        self.handle = handle
        self.protocolID = active
    }

    /// Sends one APDU and returns the response, status word included.
    func transmit(_ command: [UInt8]) throws(PCSCError) -> [UInt8] {
        var response = [UInt8](repeating: 0, count: 258)
        var length = DWORD(response.count)
        let status = command.withUnsafeBufferPointer { apdu in
            SCardTransmit(handle, kiosk_pci_for_protocol(protocolID), apdu.baseAddress, DWORD(apdu.count), nil, &response, &length)
        }
        guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardTransmit", Int(status)) }
        return Array(response.prefix(Int(length)))
    }

    /// The UID by the PC/SC part 3 GET DATA pseudo-APDU `FF CA 00 00 00`; nil when the reader refuses it.
    func uid() throws(PCSCError) -> [UInt8]? {
        let response = try transmit([0xFF, 0xCA, 0x00, 0x00, 0x00])
        guard response.count > 2, response.suffix(2).elementsEqual([0x90, 0x00]) else { return nil }
        return Array(response.dropLast(2))
    }

    /// Leaves the card powered for the next reader of it.
    func close() {
        SCardDisconnect(handle, DWORD(SCARD_LEAVE_CARD))
    }
}
#endif
