import Foundation
import KioskTesting
import Testing

@Suite struct RunCommandTests {
    @Test func tellsSystemdItIsReadyAndStopsWithinASecondOnSIGTERM() async throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        let socket = try NotifySocket()
        let running = try RunningKiosk(["run", "--plain", "--config", kiosk.config], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive() == "READY=1")
        let tap = try kiosk.kiosk("tap", "--uid", "11223344")
        #expect(tap.status == 0)
        let stopped = try await running.stop(with: SIGTERM)
        let elapsed = try #require(stopped)
        #expect(elapsed < .seconds(1))
        #expect(running.process.terminationStatus == 0)
        #expect(socket.receive() == "STOPPING=1")
        #expect(running.text.contains("kiosk gate-1 running"))
    }

    @Test func stopsOnSIGINTToo() async throws {
        let kiosk = try KioskSandbox(exitReader: false)
        let socket = try NotifySocket()
        let running = try RunningKiosk(["run", "--plain", "--config", kiosk.config], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive() == "READY=1")
        let elapsed = try #require(try await running.stop(with: SIGINT))
        #expect(elapsed < .seconds(1))
        #expect(running.process.terminationStatus == 0)
    }
}
