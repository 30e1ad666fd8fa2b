import Foundation
import HummingbirdTesting
import Testing

/// Connections that send nothing, or half a request, are closed by the hub instead of being held open forever
/// (thousands of them used to exhaust its file descriptors).
@Suite struct HubIdleConnectionTests {
    @Test(arguments: ["", "GET /healthz HTTP/1.1\r\nHost: hub\r\n"])
    func anIdleOrHalfSentConnectionIsClosed(sent: String) async throws {
        let hub = try await HubFixture()
        try await hub.serve(idleTimeoutSeconds: 1) { client in
            let exchange = try await RawHTTPExchange.run(port: try #require(client.port), sending: sent)
            // The hub closed the connection: nothing came back for the idle or unfinished request.
            #expect(exchange.closedByServer)
            #expect(exchange.response.isEmpty)
        }
    }
}
