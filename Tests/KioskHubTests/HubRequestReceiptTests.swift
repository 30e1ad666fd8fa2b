import Foundation
import HummingbirdTesting
import Testing

/// A request must have all arrived within the idle timeout of its first byte: one trickled a byte at a time, each
/// sooner than the idle timeout, gets 408 and its connection closed (twenty of them used to fill the hub's
/// connections); a request sent in a few quick pieces is answered as usual.
@Suite struct HubRequestReceiptTests {
    static let headers = "GET /healthz HTTP/1.1\r\nHost: hub\r\n\r\n"
    static let body = "username=asha&password=not+the+password"
    static let formHead =
        "POST /login HTTP/1.1\r\nHost: hub\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n"

    @Test(arguments: [
        // The headers a byte at a time.
        headers.map(String.init),
        // The headers at once, then the body a byte at a time.
        [formHead] + body.map(String.init),
    ])
    func aTrickledRequestIsAnswered408AndClosed(pieces: [String]) async throws {
        let hub = try await HubFixture()
        // Every byte comes sooner than the idle timeout, the whole request (over 10 s) far later.
        try await hub.serve(idleTimeoutSeconds: 2) { client in
            let exchange = try await RawHTTPExchange.run(port: try #require(client.port), sending: pieces, pause: .milliseconds(300))
            #expect(exchange.response.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(exchange.response)")
            #expect(exchange.response.lowercased().contains("connection: close"))
            #expect(exchange.closedByServer)
        }
    }

    @Test func aRequestInQuickPiecesIsAnswered() async throws {
        let hub = try await HubFixture()
        try await hub.serve(idleTimeoutSeconds: 5) { client in
            let pieces = ["GET /healthz HTTP/1.1\r\n", "Host: hub\r\nConnection: close\r\n\r\n"]
            let exchange = try await RawHTTPExchange.run(port: try #require(client.port), sending: pieces, pause: .milliseconds(300))
            #expect(exchange.response.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(exchange.response)")
            #expect(exchange.closedByServer)
        }
    }
}
