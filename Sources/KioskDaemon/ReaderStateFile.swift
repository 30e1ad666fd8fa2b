import Foundation
public import KioskReaders

/// The running kiosk's reader states in `data_dir/readers.state`, so `kiosk status` (another process) can show
/// them: the kiosk's pid on the first line, then one reader a line, `name<TAB>ok|failing<TAB>description`.
public struct ReaderStateFile: Sendable {
    public let path: String

    public init(dataDirectory: String) {
        path = (dataDirectory as NSString).appendingPathComponent("readers.state")
    }

    /// Replaces the file with `states`, stamped with this process's pid.
    public func write(_ states: [String: ReaderStates.State]) {
        var text = "pid \(getpid())\n"
        for (name, state) in states.sorted(by: { $0.key < $1.key }) {
            text += "\(name)\t\(state.healthy ? "ok" : "failing")\t\(state.description.replacingOccurrences(of: "\n", with: " "))\n"
        }
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The states the running kiosk reported, or nil when no kiosk that wrote the file is running.
    public func read() -> [String: ReaderStates.State]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n").map(String.init)
        guard let first = lines.first, first.hasPrefix("pid "), let pid = pid_t(first.dropFirst(4)), kill(pid, 0) == 0 else { return nil }
        lines.removeFirst()
        var states: [String: ReaderStates.State] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            states[fields[0]] = ReaderStates.State(description: fields[2], healthy: fields[1] == "ok")
        }
        return states
    }
}
