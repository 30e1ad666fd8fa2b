import Foundation
import Glibc
import KioskSystemd
import KioskTesting
import Testing

@Suite struct SystemdNotifierTests {
    @Test func sendsReadyWatchdogAndStoppingToTheSocket() throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(notifier.isEnabled)
        notifier.ready()
        notifier.watchdog()
        notifier.status("3 readers, 0 pending")
        notifier.stopping()
        #expect(socket.receive() == "READY=1")
        #expect(socket.receive() == "WATCHDOG=1")
        #expect(socket.receive() == "STATUS=3 readers, 0 pending")
        #expect(socket.receive() == "STOPPING=1")
    }

    @Test func withoutASocketNothingIsSentAndNoWatchdogIsAsked() {
        #expect(!SystemdNotifier(environment: [:]).isEnabled)
        #expect(SystemdNotifier.watchdogInterval(environment: [:]) == nil)
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "20000000"]) == .seconds(10))
    }
}
