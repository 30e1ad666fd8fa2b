import Foundation
import KioskTesting

/// The kiosk the figures measure: the `kiosk` binary built beside `kiosk-bench`, on a directory of the run's
/// scratch space.
enum BenchKiosk {
    static let executable = KioskDirectory.kiosk
    /// The kiosk id of every bench journal.
    static let kioskID = "bench"

    /// A kiosk in `directory` with `readers` (TOML `[[readers]]` tables) and `NumberedRoster`'s first `students`.
    static func directory(_ directory: URL, readers: String, students: Int) async throws -> KioskDirectory {
        try await KioskDirectory(at: directory, kioskID: kioskID, sections: readers, roster: NumberedRoster.csv(students: students))
    }
}

/// A figure could not be measured.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
