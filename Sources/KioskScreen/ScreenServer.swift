public import KioskCore
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// The gate's screen page on its configured address (CONTRACT.md "The gate's screen"): `GET /` the page,
/// `GET /events` its server-sent events, `GET /photo/<event id>` the photo of the greeting on screen. Nothing else is
/// served, nothing about any student but the one just greeted, and nothing to a request that names another host.
public struct ScreenServer: Sendable {
    private let address: ListenAddress
    private let feed: ScreenFeed
    private let logger: Logger

    public init(address: ListenAddress, feed: ScreenFeed, logger: Logger) {
        self.address = address
        self.feed = feed
        self.logger = logger
    }

    /// Listens until the task is cancelled, calling `listening` once the port is bound; a port that cannot be bound is
    /// an error naming the address.
    public func run(listening: @Sendable () async -> Void = {}) async throws {
        let server: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw KioskError(.unavailable, "[display] web: cannot listen on \(address): \(error)")
        }
        logger.info("the gate's screen is at http://\(address)/")
        await listening()
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }

    /// Answers a connection's requests until it closes.
    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        try? await connection.executeThenClose { inbound, outbound in
            var request: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let head): request = head
                case .body: break
                case .end:
                    guard let head = request else { continue }
                    request = nil
                    try await respond(to: head, outbound)
                }
            }
        }
    }

    private func respond(to request: HTTPRequestHead, _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws {
        let path = request.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard address.isNamed(byHost: request.headers.first(name: "Host")) else {
            let text = "this gate's screen is served at http://\(address)/ only\n"
            return try await send(.misdirectedRequest, "text/plain; charset=utf-8", Array(text.utf8), request, outbound)
        }
        guard request.method == .GET || request.method == .HEAD else {
            return try await send(.methodNotAllowed, "text/plain; charset=utf-8", Array("GET only\n".utf8), request, outbound)
        }
        switch path {
        case "/":
            try await send(.ok, "text/html; charset=utf-8", ScreenPage.html, request, outbound)
        case "/events":
            try await stream(request, outbound)
        case let photo where photo.hasPrefix("/photo/"):
            if let found = await feed.photo(of: String(photo.dropFirst("/photo/".count))) {
                try await send(.ok, found.contentType, Array(found.data), request, outbound)
            } else {
                try await send(.notFound, "text/plain; charset=utf-8", Array("no such photo on screen\n".utf8), request, outbound)
            }
        default:
            try await send(.notFound, "text/plain; charset=utf-8", Array("not found\n".utf8), request, outbound)
        }
    }

    /// The page's events until the page or the kiosk goes away.
    private func stream(_ request: HTTPRequestHead, _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws {
        var headers = Self.headers("text/event-stream; charset=utf-8")
        headers.add(name: "Connection", value: "keep-alive")
        try await outbound.write(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers)))
        let (id, frames) = await feed.open()
        do {
            for await frame in frames {
                try await outbound.write(.body(.byteBuffer(ByteBuffer(string: frame))))
            }
        } catch {
            // The page went away (its connection closed): no more frames for it.
            await feed.close(id)
            throw error
        }
        await feed.close(id)
        try await outbound.write(.end(nil))
    }

    private func send(
        _ status: HTTPResponseStatus,
        _ contentType: String,
        _ body: [UInt8],
        _ request: HTTPRequestHead,
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var headers = Self.headers(contentType)
        headers.add(name: "Content-Length", value: "\(body.count)")
        try await outbound.write(.head(HTTPResponseHead(version: request.version, status: status, headers: headers)))
        if request.method != .HEAD { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        try await outbound.write(.end(nil))
    }

    /// What every answer carries: no caching, no sniffing, nothing loaded from elsewhere.
    private static func headers(_ contentType: String) -> HTTPHeaders {
        [
            "Content-Type": contentType,
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self'",
            "Referrer-Policy": "no-referrer",
        ]
    }
}

/// The page itself, built into the program.
enum ScreenPage {
    static let html = PackageResources.screen_html
}
