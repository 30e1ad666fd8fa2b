import Foundation

/// One request written byte for byte to a loopback port, and everything the server sends back until it closes
/// the connection (or `bound` seconds pass: a bound for a hung test, not a measured time).
struct RawHTTPExchange {
    /// The bytes received.
    let response: String
    /// Whether the server closed the connection (rather than the bound running out).
    let closedByServer: Bool

    init(port: Int, request: String, bound: Int = 20) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: bound, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { received.append(contentsOf: buffer[..<count]) } else { closed = count == 0; break }
        }
        response = String(decoding: received, as: UTF8.self)
        closedByServer = closed
    }
}
