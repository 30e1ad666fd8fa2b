import AsyncHTTPClient

/// An HTTP client for one test, shut down after it.
enum HTTPClientScope {
    static func run<Value>(_ body: (HTTPClient) async throws -> Value) async throws -> Value {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let value = try await body(client)
            try await client.shutdown()
            return value
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
