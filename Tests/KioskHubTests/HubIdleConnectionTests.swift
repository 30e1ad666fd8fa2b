import Foundation
import HummingbirdTesting
import Testing

/// Connections that send nothing, or half a request, are closed by the hub instead of being held open forever
/// (thousands of them used to exhaust its file descriptors).
@Suite struct HubIdleConnectionTests {
    @Test(arguments: ["", "GET /healthz HTTP/1.1\r\nHost: hub\r\n"])
    func anIdleOrHalfSentConnectionIsClosed(sent: String) async throws {
        let hub = try HubFixture()
        try await hub.serve(idleTimeoutSeconds: 1) { client in
            let port = try #require(client.port)
            let received = try await Self.bytesUntilClosed(port: port, sending: sent)
            // The hub closed the connection: nothing came back for the idle or unfinished request.
            #expect(received == 0)
        }
    }

    /// Connects to the hub, sends `text`, and reads until the hub closes the connection; returns the bytes read.
    /// The receive timeout (20 s) only bounds a broken run: a connection still open then fails the test.
    private static func bytesUntilClosed(port: Int, sending text: String) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                        defer { close(socket) }
                        var timeout = timeval(tv_sec: 20, tv_usec: 0)
                        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                        var address = sockaddr_in()
                        address.sin_family = sa_family_t(AF_INET)
                        address.sin_port = in_port_t(UInt16(port).bigEndian)
                        address.sin_addr.s_addr = inet_addr("127.0.0.1")
                        let connected = withUnsafePointer(to: &address) {
                            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                        }
                        guard connected == 0 else { throw IdleConnectionError("cannot connect to the hub") }
                        if !text.isEmpty { _ = text.withCString { send(socket, $0, strlen($0), 0) } }
                        var total = 0
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let count = recv(socket, &buffer, buffer.count, 0)
                            if count == 0 { return total }
                            guard count > 0 else { throw IdleConnectionError("the connection was still open after 20 s") }
                            total += count
                        }
                    }
                )
            }.start()
        }
    }

    private struct IdleConnectionError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
