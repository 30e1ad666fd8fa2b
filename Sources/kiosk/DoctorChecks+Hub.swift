import Foundation
import KioskCore
import KioskJournal
import KioskSync

extension DoctorChecks {
    /// With a hub configured: the token file can be read by the kiosk only, the hub has not rejected it, and it has
    /// not refused the gate's latest checkpoint of its signed log.
    func hub() async -> [DoctorCheck] {
        guard let sync = configuration.sync else { return [.ok("hub", "standalone kiosk (no [sync] section)")] }
        var checks: [DoctorCheck] = []
        do {
            let (_, warning) = try TokenFile.read(sync.tokenFile)
            checks.append(
                warning.map { .problem("token file", $0, fix: "chmod 600 \(sync.tokenFile)") } ?? .ok("token file", "\(sync.tokenFile) is private")
            )
        } catch {
            checks.append(
                .problem(
                    "token file",
                    error.message,
                    fix: "on the hub: kiosk-hub token create --kiosk \(configuration.kioskID), then save it in \(sync.tokenFile)"
                )
            )
        }
        guard let journal = try? Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading),
            let status = try? await journal.syncStatus()
        else { return checks }
        if let log = try? await GateLogStatus(journal) {
            if let refusal = log.refusal {
                checks.append(
                    .problem(
                        "signed log",
                        "the hub refused the checkpoint of size \(refusal.size): \(refusal.reason) (the gate goes on recording and syncing)",
                        fix: "if this gate's log.key was replaced: kiosk log key here, then on the hub: kiosk-hub token create --kiosk "
                            + "\(configuration.kioskID) --vkey VKEY"
                    )
                )
            } else {
                checks.append(.ok("signed log", log.lines.joined(separator: " ")))
            }
        }
        if let error = status.lastError, status.lastErrorKind?.needsNewToken == true {
            checks.append(
                .problem(
                    "hub",
                    "\(error): nothing is pushed until the token is replaced (records stay pending)",
                    fix:
                        "on the hub: kiosk-hub token create --kiosk \(configuration.kioskID), save it in \(sync.tokenFile); a running kiosk reads it again within seconds"
                )
            )
        } else {
            checks.append(.ok("hub", "\(sync.hubURL.absoluteString): token not rejected"))
        }
        return checks
    }
}
