public import Foundation
import Glibc

/// Tells systemd how the service is doing (`sd_notify`): a datagram to the socket named by `NOTIFY_SOCKET`.
/// Without that variable (not started by systemd with `Type=notify`) every message is silently dropped.
public struct SystemdNotifier: Sendable {
    private let socketPath: String?

    /// - Parameter environment: where `NOTIFY_SOCKET` is read from.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a notification socket was given.
    public var isEnabled: Bool { socketPath != nil }

    /// Startup is complete: readers and journal are up.
    public func ready() { send("READY=1") }

    /// The service loop is alive (for `WatchdogSec=`).
    public func watchdog() { send("WATCHDOG=1") }

    /// The service is shutting down.
    public func stopping() { send("STOPPING=1") }

    /// A one-line status shown by `systemctl status`.
    public func status(_ text: String) { send("STATUS=\(text)") }

    /// Sends one notification; failures are ignored, as sd_notify does.
    public func send(_ message: String) {
        guard let socketPath else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1))
        let bytes = Array(message.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
            }
        }
    }

    /// How often to send `WATCHDOG=1`: half of `WATCHDOG_USEC`, or nil when systemd asked for no watchdog.
    public static func watchdogInterval(environment: [String: String] = ProcessInfo.processInfo.environment) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let micros = UInt64(text), micros > 0 else { return nil }
        return .microseconds(micros / 2)
    }
}
