import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP relay on loopback in front of a server (PostgreSQL, in the database outage tests). It is bound before it
/// listens, so until `open()` a client meets "connection refused", as with a server not started yet; `cut()` closes
/// every relayed connection and then closes each new one at once, as with a server going away, until `open()`.
///
/// Threading: the accept loop and the byte pumps run on threads of their own (blocking calls); the mutable state
/// is guarded by `lock`, which is what makes the `@unchecked Sendable` true.
public final class TCPRelay: @unchecked Sendable {
    /// The port clients connect to.
    public let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var listening = false
    private var relaying = false
    private var connections: Set<Int32> = []

    /// A relay to `127.0.0.1:targetPort`, bound to a free loopback port and not yet listening.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, Self.length) } }
        guard listener >= 0, bound == 0 else { throw RelayError("cannot bind a loopback port: errno \(errno)") }
        var length = Self.length
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Starts (or resumes) relaying connections to the target.
    public func open() throws {
        let start = lock.withLock {
            relaying = true
            defer { listening = true }
            return !listening
        }
        guard start else { return }
        guard listen(listener, 64) == 0 else { throw RelayError("cannot listen: errno \(errno)") }
        Thread { [self] in acceptLoop() }.start()
    }

    /// Closes every relayed connection and closes each new one at once, until `open()`.
    public func cut() {
        let open = lock.withLock {
            relaying = false
            return connections
        }
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            guard lock.withLock({ relaying }), let server = connectToTarget() else {
                close(client)
                continue
            }
            lock.withLock { connections.formUnion([client, server]) }
            Thread { [self] in pump(from: client, to: server) }.start()
            Thread { [self] in pump(from: server, to: client) }.start()
        }
    }

    private func connectToTarget() -> Int32? {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: targetPort)
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, Self.length) } }
        guard connected == 0 else {
            close(server)
            return nil
        }
        return server
    }

    /// Copies bytes one way until either side ends, then ends both; the second pump to finish closes them.
    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0, buffer.withUnsafeBytes({ send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }) == count else { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
        let second = lock.withLock {
            guard connections.remove(source) != nil else { return true }
            connections.remove(destination)
            return false
        }
        if second {
            close(source)
            close(destination)
        }
    }

    private static let length = socklen_t(MemoryLayout<sockaddr_in>.size)

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Why the relay could not start.
struct RelayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
