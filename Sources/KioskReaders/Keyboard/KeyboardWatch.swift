import CLinuxInput
import Foundation
import KioskCards
import KioskCore
import Logging

/// The reader thread's loop for a keyboard-wedge reader: each line typed and ended with Enter is one read.
/// An evdev device is grabbed (its keys reach no console) and reopened with backoff when it goes away;
/// standard input is read until it closes.
struct KeyboardWatch: ReaderWatch {
    static let driver = "keyboard"
    let configuration: ReaderConfiguration
    let input = KeyboardInput()
    let logger: Logger
    let states: ReaderStates?
    let readsSun: Bool

    /// Ends `run`: the input wakes from its wait and reports itself stopped.
    func stop() {
        input.stop()
    }

    private var devicePath: String? { configuration.match.isEmpty ? nil : configuration.match }

    func run(emit: @Sendable (CardPresentation) -> Void) {
        var health = ReaderHealth(reader: configuration.name, logger: logger, states: states)
        var backoff = ReopenBackoff()
        while !input.isStopped {
            do {
                if try read(&health, &backoff, emit) { return }
            } catch {
                health.failing("\(error)")
            }
            input.pause(backoff.delay())
        }
    }

    /// Reads one opening of the source until it fails (throws) or is finished (returns true).
    private func read(
        _ health: inout ReaderHealth,
        _ backoff: inout ReopenBackoff,
        _ emit: @Sendable (CardPresentation) -> Void
    ) throws(KeyboardInput.Failure) -> Bool {
        let fd = try open()
        defer { if devicePath != nil { close(fd) } }
        let device = devicePath ?? "standard input"
        var lines: any TypedLines = devicePath == nil ? TextLines() : EvdevLines()
        health.working("reading UIDs typed on \(device)")
        backoff.reset()
        while let bytes = try input.read(fd) {
            guard !bytes.isEmpty else {
                guard devicePath == nil else { throw KeyboardInput.Failure(description: "\(device) closed") }
                health.finished("standard input closed: no more reads from it")
                input.pause(nil)
                return true
            }
            for line in lines.feed(bytes) {
                present(line, device: device, emit)
            }
        }
        return true
    }

    private func present(_ line: String, device: String, _ emit: @Sendable (CardPresentation) -> Void) {
        do {
            let uid = try TypedUID.parse(line, byteOrder: configuration.byteOrder)
            let presentation = CardPresentation(
                uid: uid,
                reader: configuration,
                device: device,
                cardType: "keyboard wedge",
                presentedAt: WallClock.system.now(),
                sun: readsSun ? .absent(SunAbsence("a keyboard-wedge reader cannot ask a card for its SUN")) : nil,
                feedback: FeedbackChannel()
            )
            emit(presentation)
        } catch {
            logger.notice("ignored typed line on \(device): \(error.message)")
        }
    }

    private func open() throws(KeyboardInput.Failure) -> Int32 {
        guard let devicePath else { return STDIN_FILENO }
        let fd = Glibc.open(devicePath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw KeyboardInput.Failure(description: "cannot open \(devicePath): \(String(cString: strerror(errno)))") }
        guard kiosk_input_grab(fd, 1) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw KeyboardInput.Failure(description: "cannot grab \(devicePath) (is it an evdev keyboard device?): \(reason)")
        }
        return fd
    }
}
