#if PCSC
import CPCSCLite
public import KioskCore

/// The readers pcscd knows.
public enum PCSCDirectory {
    /// The names of the readers pcscd has now; throws `KioskError` (unavailable) when pcscd cannot be reached.
    public static func readerNames() throws(KioskError) -> [String] {
        let context = PCSCContext()
        defer { context.release() }
        do {
            return try readerNames(context.establish())
        } catch {
            throw KioskError(.unavailable, "pcscd is not reachable: \(error)")
        }
    }

    /// The names of the readers known to pcscd through `context`; empty when none is connected.
    static func readerNames(_ context: SCARDCONTEXT) throws(PCSCError) -> [String] {
        var length: DWORD = 0
        var status = SCardListReaders(context, nil, nil, &length)
        if status == PCSCError.noReadersAvailable { return [] }
        guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardListReaders", Int(status)) }
        var buffer = [CChar](repeating: 0, count: Int(length))
        status = SCardListReaders(context, nil, &buffer, &length)
        if status == PCSCError.noReadersAvailable { return [] }
        guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardListReaders", Int(status)) }
        return buffer.split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }
}
#endif
