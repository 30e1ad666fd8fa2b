import Foundation
import KioskCore
import KioskReaders

extension DoctorChecks {
    /// pcscd is installed, running and reachable, and every configured PC/SC reader matches a reader it has.
    func pcsc() -> [DoctorCheck] {
        let pcscReaders = configuration.readers.filter { $0.driver == .pcsc }
        guard !pcscReaders.isEmpty else { return [] }
        guard ["/usr/sbin/pcscd", "/usr/bin/pcscd"].contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            return [.problem("pcscd", "pcscd is not installed", fix: "sudo apt-get install pcscd")]
        }
        #if PCSC
        let names: [String]
        do {
            names = try PCSCDirectory.readerNames()
        } catch {
            let running = FileManager.default.fileExists(atPath: "/run/pcscd/pcscd.pid")
            return [
                polkit(pcscReachable: false),
                .problem(
                    "pcscd",
                    running ? "pcscd runs but cannot be reached: \(error.message)" : "pcscd is not running",
                    fix: running ? "sudo systemctl restart pcscd.socket pcscd" : "sudo systemctl enable --now pcscd.socket"
                ),
            ]
        }
        var checks: [DoctorCheck] = [
            .ok("pcscd", "reachable; readers: \(names.isEmpty ? "none" : names.joined(separator: ", "))"), polkit(pcscReachable: true),
        ]
        for reader in pcscReaders {
            let matched = names.filter { reader.matchesPCSCReader(named: $0) }
            if matched.isEmpty {
                checks.append(
                    .problem(
                        "reader \(reader.name)",
                        "no PC/SC reader found\(reader.match.isEmpty ? "" : " whose name contains \"\(reader.match)\"")",
                        fix: "plug the reader in and check `kiosk readers list`; if it is an ACR122U, see the kernel modules line"
                    )
                )
            } else {
                checks.append(.ok("reader \(reader.name)", "uses \(matched.joined(separator: ", "))"))
            }
        }
        return checks
        #else
        return [.problem("pcscd", "this kiosk was built without the PCSC trait", fix: "rebuild with `swift build -c release` (default traits)")]
        #endif
    }
}
