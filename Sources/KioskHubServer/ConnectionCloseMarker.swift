import KioskHubStorage
import NIOCore
import NIOHTTP1

/// Marks a request after which the connection must close with `Connection: close`, which Hummingbird honours
/// once it has answered: an HTTP/1.0 request without keep-alive (its client waits for the close), and CONNECT (the
/// hub is no proxy: the middleware answers 405, then the connection ends). It sits right after NIO's HTTP/1
/// decoder, where the request's version is still known (the HTTP types after it have none).
final class ConnectionCloseMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive || head.method == .CONNECT else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}

/// Puts a `ConnectionCloseMarker` right after the HTTP/1 decoder when Hummingbird adds it to a connection's
/// pipeline (its extra handlers go after the HTTP types codec), then passes everything through.
final class ConnectionCloseMarkerInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            try? pipeline.addHandler(ConnectionCloseMarker(), position: .after(decoder.handler))
        }
    }
}
