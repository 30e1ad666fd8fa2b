import ArgumentParser
import Foundation
import KioskConfig
import KioskCore

/// `kiosk doctor`: checks the installation and says exactly what to fix.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the installation: configuration, data directory, clock, pcscd, readers, kernel modules, printing.",
        discussion: "Prints one line per check, ok or PROBLEM with the exact fix; exits 1 when any check found a problem."
    )

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let checks: [DoctorCheck]
        do {
            let loaded = try options.load()
            let doctor = DoctorChecks(configuration: loaded.configuration)
            checks =
                [.ok("configuration", loaded.path ?? "built-in defaults (no kiosk.conf found)"), doctor.readersConfigured()]
                + doctor.pcsc() + [doctor.libnfcAgainstPCSC()].compactMap { $0 } + doctor.keyboardDevices()
                + doctor.cards()
                + [doctor.kernelModules(), doctor.usbPermissions(), doctor.dataDirectory()] + doctor.privacy() + [doctor.clock()]
                + (await doctor.hub()) + (await doctor.printing())
        } catch {
            checks = [.problem("configuration", error.message, fix: "correct the named key, see the sample kiosk.conf")]
        }
        for check in checks { printLine(check.line) }
        if checks.contains(where: { $0.problem != nil }) { throw ExitCode(1) }
    }
}
