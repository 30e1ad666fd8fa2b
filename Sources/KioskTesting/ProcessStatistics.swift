import Foundation

/// What /proc says about a running process: memory, CPU time and open descriptors.
public struct ProcessStatistics: Sendable {
    public let pid: Int32

    public init(pid: Int32) { self.pid = pid }

    /// The statistics of this process.
    public static var current: ProcessStatistics { ProcessStatistics(pid: getpid()) }

    /// Resident set size now, in bytes (VmRSS).
    public var residentBytes: Int? { statusField("VmRSS") }

    /// The anonymous part of the resident set (RssAnon: heap, stacks, caches), in bytes; the rest is file-backed
    /// (the program's code and mapped files), which the kernel may drop and read again.
    public var anonymousResidentBytes: Int? { statusField("RssAnon") }

    /// The highest resident set size so far, in bytes (VmHWM).
    public var peakResidentBytes: Int? { statusField("VmHWM") }

    /// User plus system CPU time used so far, in seconds.
    public var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // Fields after the command name start at field 3 (state); utime and stime are fields 14 and 15.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Context switches so far of each live thread (voluntary and not), by thread id: their growth over a window
    /// counts the process's wake-ups.
    public var contextSwitchesByThread: [String: Int] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var switches: [String: Int] = [:]
        for thread in threads {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8) else { continue }
            let counts = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }.compactMap { line in
                line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            }
            switches[thread] = counts.reduce(0, +)
        }
        return switches
    }

    /// How many file descriptors are open.
    public var openDescriptors: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// A "Name:   1234 kB" line of /proc/PID/status, in bytes.
    private func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
