import KioskHubStorage
import NIOCore
import NIOHTTP1

/// Closes a connection whose request has not all arrived (headers and body) within `limit` of its first byte, after
/// answering `408 Request Timeout`. Hummingbird's idle timeout restarts at every part of a request decoded, so a body
/// trickled a byte at a time would otherwise hold its connection for ever. It sits first in the pipeline, where it
/// sees each byte as it arrives; a `RequestEndMarker` after the HTTP/1 decoder tells it when the request's end was
/// decoded. A connection closed for any other reason (the idle timeout) while a request is arriving unanswered gets
/// the same 408. Only the receipt of a request is timed, never its answer (a live page's stream lasts for hours).
final class RequestReceiptDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limit: TimeAmount
    /// The expiry of the request being received; nil between requests.
    private var expiry: Scheduled<Void>?
    /// Whether anything was sent since the request being received began (an answer given before its body arrived).
    private var answered = false

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if expiry == nil, unwrapInboundIn(data).readableBytes > 0 {
            answered = false
            expiry = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
                expiry = nil
                closeUnreceived(context: context, mode: .all, promise: nil)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        answered = true
        context.write(data, promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        let receiving = expiry != nil
        requestReceived()
        guard receiving, mode == .all else {
            context.close(mode: mode, promise: promise)
            return
        }
        closeUnreceived(context: context, mode: mode, promise: promise)
    }

    /// The request being received has all arrived.
    func requestReceived() {
        expiry?.cancel()
        expiry = nil
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        requestReceived()
    }

    func channelInactive(context: ChannelHandlerContext) {
        requestReceived()
        context.fireChannelInactive()
    }

    /// Answers 408 unless an answer was begun, then closes.
    private func closeUnreceived(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard !answered else {
            context.close(mode: mode, promise: promise)
            return
        }
        let answer = ByteBuffer(string: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(answer))).assumeIsolated().whenComplete { _ in
            context.close(mode: mode, promise: promise)
        }
    }
}

/// Tells a `RequestReceiptDeadline` when a request's end has been decoded.
final class RequestEndMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart

    private let deadline: RequestReceiptDeadline

    init(deadline: RequestReceiptDeadline) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { deadline.requestReceived() }
        context.fireChannelRead(data)
    }
}

/// Puts a `RequestReceiptDeadline` first in a connection's pipeline and its `RequestEndMarker` right after the HTTP/1
/// decoder when Hummingbird adds it to the pipeline (its extra handlers go after the HTTP types codec), then passes
/// everything through.
final class RequestReceiptDeadlineInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let limit: TimeAmount

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) else { return }
        let deadline = RequestReceiptDeadline(limit: limit)
        try? pipeline.addHandler(RequestEndMarker(deadline: deadline), position: .after(decoder.handler))
        try? pipeline.addHandler(deadline, position: .first)
    }
}
