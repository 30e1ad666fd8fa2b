import Foundation

/// `kiosk-faults record-taps` as a child process whose acknowledgements are read from a pipe.
final class TapChild {
    private let process = Process()
    private let output = Pipe()

    init(journal: String, students: Int) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["record-taps", "--journal", journal, "--students", "\(students)"]
        process.standardOutput = output
        try process.run()
    }

    /// Blocks until the child has opened the journal and starts recording.
    func waitUntilRecording() throws {
        var line = Data()
        while !line.ends(with: Data("ready\n".utf8)) {
            guard let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else {
                throw FaultError("the tap child ended before it was ready")
            }
            line.append(byte)
        }
    }

    /// Sends SIGKILL, waits for the child to die, and returns the event ids it acknowledged.
    func killAndCollect() -> [String] {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // A line cut by the kill has no newline: it was never a whole acknowledgement.
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            line.hasPrefix("ack ") ? String(line.dropFirst(4)) : nil
        }
    }
}

/// A scenario could not run.
struct FaultError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

extension Data {
    fileprivate func ends(with suffix: Data) -> Bool {
        count >= suffix.count && self.suffix(suffix.count) == suffix
    }
}
