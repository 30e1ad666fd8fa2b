import Foundation
import ServiceLifecycle

/// Ends `serve` when its standard input closes. A program that runs the hub as its child (`kiosk demo`) holds the
/// other end of a pipe, which the system closes however that program ends, a kill included, so the hub never
/// outlives it. Standard input is read on a thread of its own, never the cooperative pool.
struct InputClosedWatch: Service {
    func run() async throws {
        let (closed, signal) = AsyncStream.makeStream(of: Void.self)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count == 0 || (count < 0 && errno != EINTR) { break }
            }
            signal.finish()
        }.start()
        await cancelWhenGracefulShutdown {
            for await _ in closed {}
        }
    }
}
