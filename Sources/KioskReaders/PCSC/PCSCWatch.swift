#if PCSC
import CPCSCLite
import Foundation
import KioskCards
import KioskCore
import Logging

/// The reader thread's loop for one configured PC/SC reader: waits in `SCardGetStatusChange` (no polling) on
/// every matching reader and the PnP pseudo-reader, reads the UID once per card presentation, and reopens
/// the context with backoff when pcscd fails or restarts.
struct PCSCWatch: ReaderWatch {
    static let driver = "pcsc"
    let configuration: ReaderConfiguration
    let context = PCSCContext()
    let logger: Logger
    let states: ReaderStates?
    let readsSun: Bool
    /// How long the reader keeps the card connected waiting for the recorded outcome to show on it.
    let feedbackTimeout: TimeInterval = 2

    /// Ends `run`: `SCardCancel` interrupts the wait in pcscd.
    func stop() {
        context.stop()
    }

    func run(emit: @Sendable (CardPresentation) -> Void) {
        var health = ReaderHealth(reader: configuration.name, logger: logger, states: states)
        var backoff = ReopenBackoff()
        while !context.isStopped {
            do {
                let handle = try context.establish()
                try watch(handle, health: &health, backoff: &backoff, emit: emit)
            } catch {
                guard !context.isStopped else { break }
                health.failing("\(error)")
                context.release()
                context.pause(backoff.delay())
            }
        }
        context.release()
    }

    private func watch(
        _ handle: SCARDCONTEXT,
        health: inout ReaderHealth,
        backoff: inout ReopenBackoff,
        emit: @Sendable (CardPresentation) -> Void
    ) throws(PCSCError) {
        var known: [String: DWORD] = [:]
        var pnpState = DWORD(SCARD_STATE_UNAWARE)
        while !context.isStopped {
            let names = try PCSCDirectory.readerNames(handle).filter(configuration.matchesPCSCReader(named:))
            known = known.filter { names.contains($0.key) }
            health.working(names.isEmpty ? "waiting for a matching PC/SC reader" : "watching \(names.joined(separator: ", "))")
            backoff.reset()
            var changes = PCSCStateChanges(pnpState: pnpState, readers: names.map { ($0, known[$0] ?? DWORD(SCARD_STATE_UNAWARE)) })
            let status = changes.wait(handle)
            if status == PCSCError.cancelled || context.isStopped { return }
            if status == PCSCError.unknownReader { continue }
            guard status == SCARD_S_SUCCESS else { throw PCSCError("SCardGetStatusChange", Int(status)) }
            pnpState = changes.pnpEventState
            for reader in changes.readers {
                let previous = known[reader.name] ?? DWORD(SCARD_STATE_UNAWARE)
                known[reader.name] = reader.eventState & ~DWORD(SCARD_STATE_CHANGED)
                if Self.isNewPresentation(previous: previous, now: reader.eventState) {
                    read(handle, reader: reader.name, atr: reader.atr, emit: emit)
                }
            }
        }
    }

    /// A card is present that was not present before, or the reader counted a removal and re-insertion since.
    static func isNewPresentation(previous: DWORD, now: DWORD) -> Bool {
        let present = DWORD(SCARD_STATE_PRESENT)
        guard now & present != 0, now & DWORD(SCARD_STATE_MUTE) == 0 else { return false }
        return previous & present == 0 || previous >> 16 != now >> 16
    }

    private func read(_ handle: SCARDCONTEXT, reader: String, atr: [UInt8], emit: @Sendable (CardPresentation) -> Void) {
        let presentedAt = WallClock.system.now()
        let card: PCSCCard
        do {
            card = try PCSCCard(context: handle, reader: reader)
        } catch {
            logger.notice("card on \(reader) could not be read: \(error)")
            return
        }
        defer { card.close() }
        do {
            guard let bytes = try card.uid(), let uid = try? TagUID(bytes: bytes) else {
                logger.notice("card on \(reader) gave no valid UID")
                return
            }
            let sun = readsSun ? Type4TagRead { (apdu) throws(PCSCError) in try card.transmit(apdu) }.sun() : nil
            let channel = FeedbackChannel()
            emit(
                CardPresentation(
                    uid: uid,
                    reader: configuration,
                    device: reader,
                    cardType: CardType.name(atr: atr),
                    presentedAt: presentedAt,
                    sun: sun,
                    feedback: channel
                )
            )
            if let feedback = channel.wait(timeout: feedbackTimeout) {
                _ = try? card.transmit(feedback.pseudoAPDU)
            }
        } catch {
            logger.notice("card on \(reader) could not be read: \(error)")
        }
    }
}
#endif
