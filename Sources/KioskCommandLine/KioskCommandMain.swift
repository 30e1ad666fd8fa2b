public import ArgumentParser
import Foundation
import KioskCore

extension AsyncParsableCommand {
    /// The entry point of `kiosk` and `kiosk-hub`: parses the command line and runs the command; a `KioskError`
    /// becomes one line `PROGRAM: message` on standard error and the exit status of its sysexits category.
    public static func runReportingKioskErrors(program: String) async {
        ProcessSignals.prepare()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as KioskError {
            try? FileHandle.standardError.write(contentsOf: Data("\(program): \(error.message)\n".utf8))
            Foundation.exit(error.category.exitStatus)
        } catch {
            exit(withError: error)
        }
    }
}
