public import KioskCore

/// What the reader shows after a read was recorded (or could not be).
public enum ReaderFeedback: Sendable, Hashable {
    /// Recorded as IN or OUT: green and one short beep.
    case accepted
    /// Recorded but changes nothing (IGNORED or UNKNOWN): a distinct amber double blink and two beeps.
    case declined
    /// The error pattern, red and a long beep: the journal write failed (nothing was recorded), or the card was
    /// refused (recorded, see the warden).
    case failed

    /// The signal for a recorded outcome.
    public init(_ outcome: TapOutcome) {
        switch outcome {
        case .in, .out: self = .accepted
        case .ignored, .unknown: self = .declined
        case .refused: self = .failed
        }
    }

    /// The ACR122U-class pseudo-APDU `FF 00 40 P2 04 T1 T2 repeats buzzer` (LED and buzzer control): P2 picks
    /// the LEDs that blink, T1/T2 are the on/off times in 100 ms units, buzzer 01 sounds during T1.
    var pseudoAPDU: [UInt8] {
        switch self {
        case .accepted: [0xFF, 0x00, 0x40, 0xA0, 0x04, 0x01, 0x01, 0x01, 0x01]
        case .declined: [0xFF, 0x00, 0x40, 0xF0, 0x04, 0x01, 0x01, 0x02, 0x01]
        case .failed: [0xFF, 0x00, 0x40, 0x50, 0x04, 0x0A, 0x01, 0x01, 0x01]
        }
    }
}
