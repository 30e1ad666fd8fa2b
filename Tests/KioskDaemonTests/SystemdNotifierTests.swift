import Foundation
import Glibc
import KioskDaemon
import Testing

@Suite struct SystemdNotifierTests {
    /// A datagram socket standing in for systemd's notification socket.
    final class NotifySocket {
        let path: String
        let descriptor: Int32

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
        }

        deinit {
            close(descriptor)
            unlink(path)
        }
    }

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
