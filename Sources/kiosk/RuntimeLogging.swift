import Foundation
import KioskDaemon
import Logging

/// Where a running kiosk's log goes: beside the live summary into a file, else to standard output.
enum RuntimeLogging {
    /// Bootstraps logging once and says how the summary is shown.
    static func start(plain: Bool, dataDirectory: String) -> KioskRuntime.Display {
        let terminal = !plain && SummaryDisplay.standardOutputIsTerminal
        if terminal {
            let path = (dataDirectory as NSString).appendingPathComponent("kiosk.log")
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
            if descriptor >= 0 {
                dup2(descriptor, STDERR_FILENO)
                close(descriptor)
            }
        }
        KioskLog.bootstrapOnce { label in
            MillisecondLogHandler(label: label, toStandardError: terminal)
        }
        return terminal ? .terminal(colors: SummaryDisplay.terminalWantsColors) : .logLines
    }
}
