import Foundation
import KioskTesting

/// `kiosk` as a child process, as systemd would run it, with its output lines timestamped as they arrive.
typealias KioskServiceProcess = LoggedProcess

extension LoggedProcess {
    /// The `kiosk` binary beside the test bundle in the build directory.
    static let executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kiosk")

    /// Runs `kiosk` with `arguments`.
    convenience init(_ arguments: [String]) throws {
        try self.init(Self.executable, arguments)
    }
}
