import Foundation
import KioskTesting

/// R4: the journal's disk fills up (a 4 MB tmpfs filled by another file) and writes fail (the kiosk's file-size
/// limit lowered to one byte, so every write gets EFBIG): taps are refused visibly (the kiosk's "not recorded"
/// line), nothing recorded before is lost or corrupted, and recording resumes in the same process when the
/// fault ends.
struct DiskFullScenario: FaultScenario {
    let name = "R4"
    let title = "disk full and write errors under kiosk run"

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        var rounds: [JournalFaultRound] = []
        let mountPoint = try run.directory("r4-tmpfs")
        if Self.mountTmpfs(at: mountPoint) {
            defer { Self.unmount(mountPoint) }
            let filler = mountPoint.appendingPathComponent("filler")
            rounds.append(
                try await JournalFaultRound.run(
                    name: "disk full",
                    configIn: try run.directory("r4-full"),
                    data: mountPoint.appendingPathComponent("data"),
                    inject: { _ in try Self.fill(filler) },
                    lift: { _ in try FileManager.default.removeItem(at: filler) }
                )
            )
        }
        rounds.append(
            try await JournalFaultRound.run(
                name: "write errors",
                configIn: try run.directory("r4-io"),
                data: try run.directory("r4-io").appendingPathComponent("data"),
                inject: { pid in try Self.limitFileSize(of: pid, to: "1") },
                lift: { pid in try Self.limitFileSize(of: pid, to: "unlimited") }
            )
        )
        var counts = [Count(label: "disk-full rounds (tmpfs)", value: rounds.count == 2 ? 1 : 0)]
        var invariants: [Invariant] = []
        for round in rounds {
            counts += round.counts
            invariants += round.invariants
        }
        return ScenarioResult(counts: counts, invariants: invariants)
    }

    /// Mounts a 4 MB tmpfs (needs root); false when this machine does not allow it.
    private static func mountTmpfs(at directory: URL) -> Bool {
        run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", directory.path]) == 0
    }

    private static func unmount(_ directory: URL) {
        _ = run("/bin/umount", [directory.path])
    }

    /// Writes `file` until the filesystem has no space left.
    private static func fill(_ file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw FaultError("cannot create \(file.path)") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while write(descriptor, block, block.count) > 0 {}
        guard errno == ENOSPC else { throw FaultError("filling \(file.path) stopped with errno \(errno), not ENOSPC") }
    }

    /// Sets the soft RLIMIT_FSIZE of process `pid` (bytes or "unlimited") with util-linux's prlimit.
    private static func limitFileSize(of pid: Int32, to limit: String) throws {
        guard run("/usr/bin/prlimit", ["--pid", "\(pid)", "--fsize=\(limit):"]) == 0 else { throw FaultError("prlimit failed") }
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
