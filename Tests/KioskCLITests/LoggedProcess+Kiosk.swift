import Foundation
import KioskTesting

extension LoggedProcess {
    /// `kiosk` with `arguments` as a long-running child (`kiosk run`), on the shared simulated clock, its standard
    /// error kept with its output; standard input is closed, as under systemd.
    static func kiosk(_ arguments: [String], environment: [String: String] = [:]) throws -> LoggedProcess {
        let process = try LoggedProcess(KioskRun.executable, arguments, environment: environment, keepingStandardError: true, clock: .shared)
        try process.input.fileHandleForWriting.close()
        return process
    }

    /// `kiosk-hub` with `arguments` as a long-running child (`kiosk-hub serve`), on the shared simulated clock.
    static func hub(_ arguments: [String], environment: [String: String] = [:]) throws -> LoggedProcess {
        try LoggedProcess(HubSandbox.executable, arguments, environment: environment, keepingStandardError: true, clock: .shared)
    }
}
