#if LibNFC
import CLibNFC
import Foundation
import KioskCards
import KioskCore
import Logging

/// The reader thread's loop for a libnfc reader: ISO 14443A selection in short polls (libnfc returns after
/// ~300 ms without a card), one read per presentation (`nfc_initiator_target_is_present` until the card is
/// gone), and reopening with backoff when the device fails or disappears.
struct LibNFCWatch: ReaderWatch {
    static let driver = "libnfc"
    let configuration: ReaderConfiguration
    let device = LibNFCDevice()
    let logger: Logger
    let states: ReaderStates?
    let readsSun: Bool
    /// How often a present card is checked for removal.
    let presenceInterval = 0.1

    /// Ends `run`: `nfc_abort_command` interrupts the device's pending command.
    func stop() {
        device.stop()
    }

    func run(emit: @Sendable (CardPresentation) -> Void) {
        var health = ReaderHealth(reader: configuration.name, logger: logger, states: states)
        var backoff = ReopenBackoff()
        while !device.isStopped {
            do {
                let (handle, name) = try device.open(configuration.match)
                health.working("using libnfc device \(name)")
                backoff.reset()
                try read(handle, name: name, emit: emit)
            } catch {
                guard !device.isStopped else { break }
                health.failing("\(error)")
                device.close()
                device.pause(backoff.delay())
            }
        }
        device.exit()
    }

    private func read(_ handle: OpaquePointer, name: String, emit: @Sendable (CardPresentation) -> Void) throws(LibNFCDevice.Failure) {
        let modulation = nfc_modulation(nmt: NMT_ISO14443A, nbr: NBR_106)
        while !device.isStopped {
            var target = nfc_target()
            let found = nfc_initiator_select_passive_target(handle, modulation, nil, 0, &target)
            if device.isStopped { return }
            if found == NFC_ETIMEOUT || found == NFC_EOPABORTED || found == 0 { continue }
            guard found > 0 else { throw LibNFCDevice.Failure(description: "\(name): \(String(cString: nfc_strerror(handle)))") }
            let presentedAt = WallClock.system.now()
            let info = target.nti.nai
            let bytes = withUnsafeBytes(of: info.abtUid) { Array($0.prefix(info.szUidLen)) }
            if let uid = try? TagUID(bytes: bytes) {
                let presentation = CardPresentation(
                    uid: uid,
                    reader: configuration,
                    device: name,
                    cardType: "ISO 14443A (SAK \(String(info.btSak, radix: 16, uppercase: true)))",
                    presentedAt: presentedAt,
                    sun: readsSun ? sun(handle, sak: info.btSak) : nil,
                    feedback: FeedbackChannel()
                )
                emit(presentation)
            } else {
                logger.notice("card on \(name) gave an invalid UID of \(bytes.count) bytes")
            }
            while !device.isStopped, nfc_initiator_target_is_present(handle, &target) == NFC_SUCCESS {
                device.pause(presenceInterval)
            }
        }
    }

    /// The selected card's SUN through ISO 14443-4 exchanges (the PN532's InDataExchange); a card whose SAK does not
    /// announce ISO 14443-4 has none.
    private func sun(_ handle: OpaquePointer, sak: UInt8) -> SunReading {
        guard sak & 0x20 != 0 else { return .absent(SunAbsence("not an ISO 14443-4 card (SAK \(String(sak, radix: 16, uppercase: true)))")) }
        return Type4TagRead { (apdu) throws(LibNFCDevice.Failure) in
            var response = [UInt8](repeating: 0, count: 264)
            let count = nfc_initiator_transceive_bytes(handle, apdu, apdu.count, &response, response.count, 500)
            guard count >= 0 else { throw LibNFCDevice.Failure(description: "exchange with the card: \(String(cString: nfc_strerror(handle)))") }
            return Array(response.prefix(Int(count)))
        }.sun()
    }
}
#endif
