import AsyncHTTPClient
import Foundation
import GRDB
import KioskCore
import KioskTesting
import NIOCore
import NIOHTTP1
import Synchronization

/// P7: the resident memory of the real `kiosk run` (off a terminal, a keyboard-wedge reader on its standard
/// input, as a USB reader that types UIDs, syncing to a real `kiosk-hub` on loopback, its screen page on with a page
/// following its events, as Chromium on the gate does) once warmed up, and its
/// growth while it records many taps; the baseline is its memory right after start-up. The warm-up and the many
/// taps each hold a hub outage whose backlog the kiosk then pushes, so the steady reading is a gate's memory after its
/// first backlog (which grows the hub connection's receive buffers to their bound) and the growth is what more taps
/// and another backlog add; both readings are taken with every tap recorded and synced.
struct SteadyMemoryFigure: BenchFigure {
    let name = "P7"
    let title = "kiosk run memory at steady state and over many taps"
    static let students = 500

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let (warmUp, taps, outage) = run.quick ? (4_000, 20_000, 2_000) : (20_000, 1_000_000, 10_000)
        let directory = try run.directory("p7")
        let hub = try await BenchHub(in: directory, kioskIDs: [BenchKiosk.kioskID], roster: NumberedRoster.csv(students: Self.students))
        let kiosk = try await BenchKiosk.directory(
            directory,
            readers: "[[readers]]\nname = \"entrance\"\ndriver = \"keyboard\"\ndirection = \"toggle\"",
            students: Self.students
        )
        try kiosk.append(hub.syncSection(for: BenchKiosk.kioskID))
        let screenPort = try LoopbackPort.free()
        try kiosk.append("[display]\nweb = \"127.0.0.1:\(screenPort)\"\n")
        let process = Process()
        process.executableURL = BenchKiosk.executable
        process.arguments = ["run", "--plain", "--config", kiosk.config]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let statistics = ProcessStatistics(pid: process.processIdentifier)
        let journal = directory.appendingPathComponent("data/journal.sqlite").path
        try await Self.waitForEvents(0, in: journal)
        try await Task.sleep(for: .seconds(1))
        let page = ScreenPage(port: screenPort)
        defer { page.close() }
        try await page.open()
        let started = statistics.residentBytes ?? 0
        try await Self.tap(warmUp, from: 0, withOutage: outage, of: hub.process.pid, into: input, journal: journal)
        try await Self.waitForSynced(warmUp, in: journal)
        let steady = statistics.residentBytes ?? 0
        let steadyAnonymous = statistics.anonymousResidentBytes ?? 0
        let start = ContinuousClock.now
        try await Self.tap(taps, from: warmUp, withOutage: outage, of: hub.process.pid, into: input, journal: journal)
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        try await Self.waitForSynced(warmUp + taps, in: journal)
        let after = statistics.residentBytes ?? 0
        let afterAnonymous = statistics.anonymousResidentBytes ?? 0
        let peak = statistics.peakResidentBytes ?? 0
        process.terminate()
        process.waitUntilExit()
        try await hub.terminate()
        let greetings = await page.greetings
        let synced = try await DatabaseQueue(path: hub.databasePath).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0 }
        guard synced > 0 else { throw BenchError("the kiosk synced nothing to its hub") }
        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        let growth = megabytes(after - steady)
        return FigureResult(
            values: [
                Measured(label: "steady RSS", value: megabytes(steady), unit: "MB"),
                Measured(label: "growth over \(taps) taps", value: growth, unit: "MB"),
                Measured(label: "of it anonymous", value: megabytes(afterAnonymous - steadyAnonymous), unit: "MB"),
                Measured(label: "peak RSS", value: megabytes(peak), unit: "MB"), Measured(label: "taps", value: Double(taps) / seconds, unit: "/s"),
            ],
            baseline: [Measured(label: "RSS after start-up", value: megabytes(started), unit: "MB")],
            ratio: Double(steady) / Double(max(started, 1)),
            goal: "steady RSS ≤ 30 MB and ≤ 1 MB growth",
            met: megabytes(steady) <= 30 && growth <= 1,
            note: "\(warmUp) warm-up taps then \(taps), all committed (counted in the journal) and \(synced) synced to the hub; "
                + "\(outage) of each while the hub was stopped (SIGSTOP), pushed as a backlog when it went on; \(Self.students) students, "
                + "debounce 10 s; the screen page on, one page following it heard \(greetings) greetings; growth is of the whole RSS, "
                + "its anonymous part the heap's"
        )
    }

    /// Types `count` card UIDs, counted from `first`, until the journal holds them: after the first fifth, `outage` of
    /// them while the hub process `hub` is stopped, as in a network outage; then the hub goes on and the rest follow.
    private static func tap(
        _ count: Int,
        from first: Int,
        withOutage outage: Int,
        of hub: Int32,
        into input: Pipe,
        journal: String
    ) async throws {
        let outageAt = first + count / 5
        try await tap(outageAt - first, from: first, into: input)
        try await waitForEvents(outageAt, in: journal)
        do {
            kill(hub, SIGSTOP)
            defer { kill(hub, SIGCONT) }
            try await tap(outage, from: outageAt, into: input)
            try await waitForEvents(outageAt + outage, in: journal)
        }
        try await tap(first + count - outageAt - outage, from: outageAt + outage, into: input)
        try await waitForEvents(first + count, in: journal)
    }

    /// Types `count` card UIDs, one per line, cycling through the students.
    private static func tap(_ count: Int, from first: Int, into input: Pipe) async throws {
        try await DedicatedThread.run {
            var chunk = ""
            for n in first..<(first + count) {
                chunk += NumberedRoster.cardUID(n % students) + "\n"
                if chunk.utf8.count > 64 * 1024 || n == first + count - 1 {
                    try input.fileHandleForWriting.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
        }
    }

    /// Waits until the journal holds `count` events (the kiosk commits them one by one).
    private static func waitForEvents(_ count: Int, in path: String) async throws {
        try await waitForJournal(at: path, "record \(count) taps") { held, _ in held >= count }
    }

    /// Waits until the journal holds `count` events and none of them is pending: the hub has them all.
    private static func waitForSynced(_ count: Int, in path: String) async throws {
        try await waitForJournal(at: path, "record and sync \(count) taps") { held, pending in held >= count && pending == 0 }
    }

    /// Polls the journal's count of events and of pending ones until `done` says so, for up to an hour.
    private static func waitForJournal(at path: String, _ what: String, until done: (Int, Int) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(3600)
        while ContinuousClock.now < deadline {
            if FileManager.default.fileExists(atPath: path) {
                let queue = try DatabaseQueue(path: path)
                let (held, pending) = try await queue.read { db in
                    let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), COALESCE(SUM(sync_state = 'pending'), 0) FROM event")
                    return (row?[0] ?? 0, row?[1] ?? 0) as (Int, Int)
                }
                try queue.close()
                if done(held, pending) { return }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw BenchError("the kiosk did not \(what) within an hour")
    }
}

/// A page following the gate's screen, as Chromium in kiosk mode does: its events read and counted until closed.
private final class ScreenPage: Sendable {
    private let port: Int
    private let counted = Counter()
    private let reading = Mutex<Task<Void, Never>?>(nil)

    init(port: Int) { self.port = port }

    /// Connects once the kiosk serves the page, and reads its events from then on.
    func open() async throws {
        let url = "http://127.0.0.1:\(port)/events"
        var response: HTTPClientResponse?
        // The kiosk logs to /dev/null here, so its listening is found by asking; it starts in well under the limit.
        for _ in 0..<600 where response == nil {
            response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            if response == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard let response, response.status == .ok else { throw BenchError("the kiosk's screen page never answered on port \(port)") }
        let counted = self.counted
        reading.withLock {
            $0 = Task {
                do {
                    for try await chunk in response.body {
                        let frames = String(buffer: chunk).components(separatedBy: "event: greeting").count - 1
                        if frames > 0 { await counted.add(frames) }
                    }
                } catch {}
            }
        }
    }

    /// How many greetings the page heard.
    var greetings: Int { get async { await counted.value } }

    func close() { reading.withLock { $0?.cancel() } }
}

/// A count kept across tasks.
private actor Counter {
    private(set) var value = 0
    func add(_ more: Int) { value += more }
}
