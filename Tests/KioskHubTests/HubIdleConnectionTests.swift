import Foundation
import HummingbirdTesting
import Testing

/// Connections that send nothing, or half a request, are closed by the hub instead of being held open forever
/// (thousands of them used to exhaust its file descriptors); the unfinished request is answered 408.
@Suite struct HubIdleConnectionTests {
    @Test(arguments: [("", ""), ("GET /healthz HTTP/1.1\r\nHost: hub\r\n", "HTTP/1.1 408 Request Timeout\r\n")])
    func anIdleOrHalfSentConnectionIsClosed(sent: String, answer: String) async throws {
        let hub = try await HubFixture()
        try await hub.serve(idleTimeoutSeconds: 1) { client in
            let exchange = try await RawHTTPExchange.run(port: try #require(client.port), sending: sent)
            // The hub closed the connection: nothing came back for the idle connection, 408 for the unfinished request.
            #expect(exchange.closedByServer)
            #expect(exchange.response.hasPrefix(answer))
            #expect(exchange.response.isEmpty == answer.isEmpty)
        }
    }
}
