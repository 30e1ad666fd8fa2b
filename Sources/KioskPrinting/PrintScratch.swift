import Foundation
import KioskCore

/// A private temporary directory (0700) for one print job or command run: the report, its PDF and a program's output
/// hold students' movements, so no other user may read them. Removed with everything in it when done.
struct PrintScratch {
    let directory: URL

    init(purpose: String) throws(KioskError) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(purpose)-\(UUID().uuidString)")
        try OwnerOnlyDirectory.create(directory.path, noun: "a temporary directory for printing")
    }

    /// The path of `name` in the directory.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    func write(_ text: String, to name: String) throws(KioskError) -> URL {
        let url = file(name)
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw KioskError(.ioError, "cannot write \(url.path) for printing: \(error.localizedDescription)")
        }
        return url
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
