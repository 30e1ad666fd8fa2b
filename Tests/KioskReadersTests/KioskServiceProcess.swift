import Foundation
import KioskTesting

/// `kiosk` as a child process, as systemd would run it, with its output lines timestamped as they arrive.
typealias KioskServiceProcess = LoggedProcess

extension LoggedProcess {
    /// The `kiosk` binary beside the test bundle in the build directory.
    static let executable = KioskDirectory.kiosk

    /// Runs `kiosk` with `arguments` on `clock`.
    convenience init(_ arguments: [String], clock: SimulatedClock = .shared) throws {
        try self.init(Self.executable, arguments, clock: clock)
    }
}
