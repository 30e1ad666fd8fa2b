import Foundation
import KioskCore
import KioskTesting

/// The real `kiosk run --plain` (the binary beside `kiosk-faults`), by default with a keyboard-wedge reader on its
/// standard input, and a roster of numbered students: a scenario types card UIDs and reads the per-tap log lines.
struct KeyboardKiosk {
    /// The kiosk id of every fault scenario's journal.
    static let kioskID = "faults"

    let config: String
    let journalPath: String
    let process: LoggedProcess
    private(set) var linesSeen = 0

    /// The one keyboard-wedge reader on standard input.
    static let keyboardReader = "[[readers]]\nname = \"entrance\"\ndriver = \"keyboard\"\ndirection = \"toggle\"\n"

    /// Writes the configuration (data in `data`, `readers` as TOML tables), imports `students` students and starts
    /// the service.
    init(configIn directory: URL, data: URL, students: Int, readers: String = keyboardReader) async throws {
        let kiosk = try await KioskDirectory(
            at: directory,
            kioskID: Self.kioskID,
            data: data,
            sections: readers,
            roster: NumberedRoster.csv(students: students)
        )
        config = kiosk.config
        journalPath = kiosk.journalPath
        process = try LoggedProcess(KioskDirectory.kiosk, ["run", "--plain", "--config", config], keepingStandardError: true)
        _ = try await process.line(containing: "running with", timeout: 30)
    }

    /// Types student `n`'s card and returns whether the kiosk recorded it ("entrance: IN|OUT S<n> ...") or
    /// refused it ("... not recorded: ..."), from the line it logged.
    mutating func tap(student n: Int) async throws -> Bool {
        process.type(try NumberedRoster.card(n).hex + "\n")
        let recorded = "entrance: "
        let refused = "not recorded"
        _ = try await process.line(containingAny: [recorded, refused], skipping: linesSeen, timeout: 20)
        let lines = process.output
        guard let index = lines.indices.dropFirst(linesSeen).first(where: { lines[$0].contains(recorded) || lines[$0].contains(refused) }) else {
            throw FaultError("the kiosk said nothing about a tap")
        }
        linesSeen = index + 1
        return lines[index].contains(recorded) && lines[index].contains(" S\(n) ")
    }
}
