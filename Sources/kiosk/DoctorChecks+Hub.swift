import Foundation
import KioskCore
import KioskJournal
import KioskSync

extension DoctorChecks {
    /// With a hub configured: the token file can be read by the kiosk only, and the hub has not rejected it.
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
        guard let status = try? await Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading).syncStatus() else {
            return checks
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
