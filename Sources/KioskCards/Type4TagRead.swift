/// The NFC Forum Type 4 Tag read of a card's NDEF message (NTAG424.md, "The APDU sequence a reader must send"), as
/// short ISO 7816-4 APDUs through whatever carries them to the card (PC/SC's `SCardTransmit`, libnfc's
/// `nfc_initiator_transceive_bytes`).
public struct Type4TagRead<Failure: Error> {
    /// Sends one command APDU to the card and returns its response, status word included; throws when the exchange
    /// itself fails (the card left the field, the reader failed).
    public typealias Transmit = ([UInt8]) throws(Failure) -> [UInt8]

    private let transmit: Transmit

    public init(transmit: @escaping Transmit) {
        self.transmit = transmit
    }

    /// The card's SUN: the NDEF message read and its URI's parameters taken. An exchange that fails (or a response
    /// without a status word) is tried once more from the start within the same presentation; a second failure is
    /// `.interrupted`.
    public func sun() -> SunReading {
        var interruption = Interruption(description: "")
        for _ in 0..<2 {
            do throws(Interruption) {
                let bytes: [UInt8]
                switch try message() {
                case .success(let message): bytes = message
                case .failure(let absence): return .absent(absence)
                }
                switch NDEFURIRecord.uri(in: bytes) {
                case .success(let uri):
                    do throws(SunAbsence) {
                        return .message(try SunMessage(uri: uri))
                    } catch {
                        return .absent(error)
                    }
                case .failure(let absence): return .absent(absence)
                }
            } catch {
                interruption = error
            }
        }
        return .interrupted(interruption.description)
    }

    /// An exchange with the card that broke off.
    private struct Interruption: Error, CustomStringConvertible {
        let description: String
    }

    /// The NDEF message's bytes, or what the card answered instead of them.
    private func message() throws(Interruption) -> Result<[UInt8], SunAbsence> {
        let ndefApplication: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
        if let refused = try command([0x00, 0xA4, 0x04, 0x00, 0x07] + ndefApplication + [0x00], "SELECT of the NDEF application").refusal {
            return .failure(refused)
        }
        if let refused = try command([0x00, 0xA4, 0x00, 0x0C, 0x02, 0xE1, 0x03], "SELECT of the CC file").refusal { return .failure(refused) }
        let container = try command([0x00, 0xB0, 0x00, 0x00, 0x0F], "READ BINARY of the CC file")
        guard container.refusal == nil, let capabilities = CapabilityContainer(container.data) else {
            return .failure(container.refusal ?? SunAbsence("a capability container without an NDEF file"))
        }
        let file = capabilities.ndefFile
        if let refused = try command([0x00, 0xA4, 0x00, 0x0C, 0x02, UInt8(file >> 8), UInt8(file & 0xFF)], "SELECT of the NDEF file").refusal {
            return .failure(refused)
        }
        let length = try command([0x00, 0xB0, 0x00, 0x00, 0x02], "READ BINARY of NLEN")
        guard length.refusal == nil, length.data.count == 2 else {
            return .failure(length.refusal ?? SunAbsence("an NLEN of \(length.data.count) bytes"))
        }
        let messageLength = Int(length.data[0]) << 8 | Int(length.data[1])
        guard messageLength > 0, messageLength <= min(NDEFURIRecord.maximumMessageLength, capabilities.maximumFileSize - 2) else {
            return .failure(SunAbsence("an NDEF message of \(messageLength) bytes in a file of \(capabilities.maximumFileSize)"))
        }
        var bytes: [UInt8] = []
        while bytes.count < messageLength {
            let offset = 2 + bytes.count
            let chunk = min(messageLength - bytes.count, capabilities.maximumReadLength, 255)
            let read = try command([0x00, 0xB0, UInt8(offset >> 8), UInt8(offset & 0xFF), UInt8(chunk)], "READ BINARY of the NDEF message")
            guard read.refusal == nil, !read.data.isEmpty, read.data.count <= chunk else {
                return .failure(read.refusal ?? SunAbsence("a READ BINARY of \(chunk) bytes answered with \(read.data.count)"))
            }
            bytes += read.data
        }
        return .success(bytes)
    }

    /// Sends `apdu`; its data, and a refusal naming `what` unless the card answered `90 00`.
    private func command(_ apdu: [UInt8], _ what: String) throws(Interruption) -> (data: [UInt8], refusal: SunAbsence?) {
        let response: [UInt8]
        do throws(Failure) {
            response = try transmit(apdu)
        } catch {
            throw Interruption(description: "\(what): \(error)")
        }
        guard response.count >= 2 else { throw Interruption(description: "\(what): an answer of \(response.count) bytes") }
        let status = response.suffix(2)
        guard status.elementsEqual([0x90, 0x00]) else {
            let word = status.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return ([], SunAbsence("\(what): status \(word)"))
        }
        return (Array(response.dropLast(2)), nil)
    }
}

/// The parts of a Type 4 Tag's capability container the read needs: MLe and the NDEF file control TLV.
struct CapabilityContainer {
    /// MLe: the most bytes one READ BINARY may return.
    let maximumReadLength: Int
    /// The NDEF file's identifier (E104 on an NTAG 424 DNA).
    let ndefFile: UInt16
    /// The NDEF file's size, NLEN included.
    let maximumFileSize: Int

    /// Parses the first 15 bytes of the CC file; nil when they hold no NDEF file control TLV (`04 06`).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 15, bytes[7] == 0x04, bytes[8] == 0x06 else { return nil }
        maximumReadLength = max(1, Int(bytes[3]) << 8 | Int(bytes[4]))
        ndefFile = UInt16(bytes[9]) << 8 | UInt16(bytes[10])
        maximumFileSize = Int(bytes[11]) << 8 | Int(bytes[12])
        guard maximumFileSize > 2, bytes[13] == 0x00 else { return nil }
    }
}
