import Foundation

/// Bytes written as they are to the hub on a loopback port, and everything it sends back until it closes the
/// connection. The blocking socket calls run on a thread of their own, never on the cooperative pool (which also
/// runs the hub's handlers); a receive timeout of 20 s only bounds a broken run.
struct RawHTTPExchange: Sendable {
    /// The bytes received.
    let response: String
    /// Whether the hub closed the connection (rather than the bound running out).
    let closedByServer: Bool

    /// Connects to `port`, sends `request` (nothing when empty) and reads until the hub closes the connection.
    static func run(port: Int, sending request: String) async throws -> RawHTTPExchange {
        try await run(port: port, sending: [request], pause: .zero)
    }

    /// Connects to `port`, sends `pieces` one after another with `pause` between them (a trickled request) until
    /// the hub answers, and reads until it closes the connection.
    static func run(port: Int, sending pieces: [String], pause: Duration) async throws -> RawHTTPExchange {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(port: port, pieces: pieces, pause: pause) }) }.start()
        }
    }

    private static func exchange(port: Int, pieces: [String], pause: Duration) throws -> RawHTTPExchange {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        for piece in pieces where !piece.isEmpty {
            _ = Array(piece.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if piece != pieces.last, poll(&waiting, 1, Int32(pause / .milliseconds(1))) != 0 { break }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else {
                // A reset is the hub closing too: it closed with bytes of a trickled request still unread.
                let closed = count == 0 || errno == ECONNRESET
                return RawHTTPExchange(response: String(decoding: received, as: UTF8.self), closedByServer: closed)
            }
            received.append(contentsOf: buffer[..<count])
        }
    }
}
