import Foundation
import KioskCore
import KioskTesting
import Testing

@testable import kiosk

@Suite struct RunCommandTests {
    @Test func tellsSystemdItIsReadyAndStopsOnSIGTERM() async throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        let socket = try NotifySocket()
        let running = try LoggedProcess.kiosk(["run", "--plain", "--config", kiosk.config], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive() == "READY=1")
        let tap = try kiosk.kiosk("tap", "--uid", "11223344")
        #expect(tap.status == 0)
        // Stopped by the signal, not killed after a hang; how fast is measured by the benchmarks, not here.
        #expect(try await running.terminate(with: SIGTERM) != nil)
        #expect(try await running.exitStatus() == 0)
        #expect(socket.receive() == "STOPPING=1")
        #expect(running.output.joined(separator: "\n").contains("kiosk gate-1 running"))
    }

    @Test func stopsOnSIGINTToo() async throws {
        let kiosk = try KioskSandbox(exitReader: false)
        let socket = try NotifySocket()
        let running = try LoggedProcess.kiosk(["run", "--plain", "--config", kiosk.config], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive() == "READY=1")
        // Stopped by the signal, not killed after a hang; how fast is measured by the benchmarks, not here.
        #expect(try await running.terminate(with: SIGINT) != nil)
        #expect(try await running.exitStatus() == 0)
    }
}

@Suite struct RunCommandSyncTests {
    @Test func pushesTheJournalToTheHubWhileRunning() async throws {
        let hub = try HubSandbox()
        _ = try hub.hub(
            "roster",
            "import",
            try KioskSandbox(exitReader: false).write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        )
        let token = try #require(try hub.hub("token", "create", "--kiosk", "gate-1").stdout.split(separator: "\n").last.map(String.init))
        let port = try LoopbackPort.free()
        let server = try LoggedProcess.hub(["serve", "--port", "\(port)", "--data-dir", hub.directory])
        _ = try await server.line(containing: "listening on")

        let kiosk = try KioskSandbox(exitReader: false)
        try kiosk.connect(toHubOnPort: port, token: token)
        #expect(try kiosk.kiosk("tap", "--uid", "DEADBEEF").status == 0)

        let running = try LoggedProcess.kiosk(["run", "--plain", "--config", kiosk.config])
        var pending = -1
        let start = ContinuousClock.now
        while pending != 0, ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(200))
            let status = try kiosk.kiosk("status", "--format", "json")
            let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            pending = (json?["sync"] as? [String: Any])?["pending"] as? Int ?? -1
        }
        #expect(pending == 0)
        #expect(try await running.terminate() != nil)
        #expect(try await server.terminate() != nil)
        #expect(!running.output.joined(separator: "\n").contains(token))
    }
}

@Suite struct RunCommandReaderStateTests {
    @Test func statusShowsWhatTheRunningKioskSaysOfEachReader() async throws {
        let kiosk = try KioskSandbox(exitReader: false)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: kiosk.config))
        handle.seekToEndOfFile()
        handle.write(Data("\n[[readers]]\nname = \"desk\"\ndriver = \"keyboard\"\n".utf8))
        try handle.close()
        func deskState() throws -> [String: Any]? {
            let status = try kiosk.kiosk("status", "--format", "json")
            let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            return (json?["readers"] as? [[String: Any]])?.first
        }
        #expect(try deskState()?["state"] is NSNull)
        let running = try LoggedProcess.kiosk(["run", "--plain", "--config", kiosk.config])
        var state: [String: Any]?
        let start = ContinuousClock.now
        // Standard input is /dev/null here: the keyboard reader reports that its input ended (a loaded machine may
        // first show it starting, healthy, so wait for the report rather than for any state).
        while state?["healthy"] as? Bool != false, ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(100))
            state = try deskState()
        }
        #expect(state?["healthy"] as? Bool == false)
        #expect((state?["state"] as? String)?.isEmpty == false)
        #expect(try kiosk.kiosk("status").stdout.contains("desk: keyboard"))
        #expect(try await running.terminate() != nil)
        #expect(try deskState()?["state"] is NSNull)
    }
}
