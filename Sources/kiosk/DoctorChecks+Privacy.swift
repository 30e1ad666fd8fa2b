import Foundation
import KioskCore

extension DoctorChecks {
    /// The journal and the day reports hold every student's movements: no other user may read them.
    func privacy() -> [DoctorCheck] {
        let journal = configuration.journalPath
        let places = [configuration.dataDirectory, journal, journal + "-wal", configuration.reportsDirectory]
        let exposed = places.compactMap { path -> String? in
            guard let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int, mode & 0o007 != 0 else {
                return nil
            }
            return "\(path) (mode \(String(mode & 0o777, radix: 8)))"
        }
        guard !exposed.isEmpty else { return [.ok("privacy", "the journal and reports are not open to other users")] }
        return [
            .problem(
                "privacy",
                "every user can reach \(exposed.joined(separator: ", ")); they hold every student's movements",
                fix: "chmod -R o-rwx \(configuration.dataDirectory)"
            )
        ]
    }
}
