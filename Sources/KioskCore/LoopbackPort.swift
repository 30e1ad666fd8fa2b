import Foundation

/// A free TCP port on the loopback interface (for the demo's local hub, a test's or a benchmark's server).
public enum LoopbackPort {
    public static func free() throws(KioskError) -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard descriptor >= 0, bound else { throw KioskError(.unavailable, "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
