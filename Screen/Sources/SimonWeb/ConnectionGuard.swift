import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// What every connection is held to, so that idle, slow or malformed ones (a slowloris,
/// a port scan, a phone left on a page) cannot use up the server:
/// - at most `maximum` at once, of which `keptForThisMachine` only for clients on the
///   cabinet itself (the kiosk's browser); one over the limit gets 503 and is closed;
/// - a request's head must arrive whole within `headerTimeout` (else 408 and closed);
/// - a connection with no request for `idleTimeout` is closed; a WebSocket is pinged
///   every `idleTimeout` and closed when it does not answer;
/// - a request that cannot be parsed gets 400 and the connection is closed;
/// - an HTTP/1.0 request without keep-alive is answered and its connection closed.
public struct ConnectionLimits: Sendable {
  /// Connections at once.
  public var maximum: Int
  /// Of `maximum`, how many only clients on this machine may take.
  public var keptForThisMachine: Int
  /// The time a request's head may take to arrive.
  public var headerTimeout: Duration
  /// The time a connection may stay without a request.
  public var idleTimeout: Duration

  /// Limits with every value given.
  public init(
    maximum: Int, keptForThisMachine: Int, headerTimeout: Duration, idleTimeout: Duration
  ) {
    self.maximum = maximum
    self.keptForThisMachine = keptForThisMachine
    self.headerTimeout = headerTimeout
    self.idleTimeout = idleTimeout
  }

  /// The cabinet's: 512 connections (the unit allows 4096 descriptors), 32 kept for the
  /// kiosk; 10 s for a head, 60 s idle.
  public static let standard = Self(
    maximum: 512, keptForThisMachine: 32, headerTimeout: .seconds(10), idleTimeout: .seconds(60))
}

/// The connections open now, against `ConnectionLimits`.
public final class ConnectionCount: Sendable {
  private let state = Mutex((open: 0, refusing: false))
  private let limits: ConnectionLimits

  /// A count held to `limits`.
  public init(limits: ConnectionLimits) { self.limits = limits }

  /// Takes a place for a new connection, if there is one for it.
  /// - Returns: whether it may stay, and whether this is the first refusal since the
  ///   last admission (to be logged once, not once a connection).
  public func admit(fromThisMachine: Bool) -> (admitted: Bool, firstRefusal: Bool) {
    state.withLock { state in
      let room = fromThisMachine ? limits.maximum : limits.maximum - limits.keptForThisMachine
      guard state.open < room else {
        defer { state.refusing = true }
        return (false, !state.refusing)
      }
      state.open += 1
      state.refusing = false
      return (true, false)
    }
  }

  /// Gives back the place of a connection that closed.
  public func leave() { state.withLock { $0.open -= 1 } }

  /// The connections open now.
  public var open: Int { state.withLock { $0.open } }
}

/// A server's child channel (Hummingbird's HTTP/1 with WebSocket upgrade) with
/// `ConnectionLimits` applied before it sees a connection.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
  /// A connection let through to `Inner`, or refused (answered 503 and closed).
  enum Value: ServerChildChannelValue {
    case admitted(Inner.Value)
    case refused(any Channel)

    var channel: any Channel {
      switch self {
      case .admitted(let value): value.channel
      case .refused(let channel): channel
      }
    }
  }

  let inner: Inner
  let limits: ConnectionLimits
  let count: ConnectionCount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let local = ScreenContext.isLoopback(channel.remoteAddress)
    let (admitted, firstRefusal) = count.admit(fromThisMachine: local)
    guard admitted else {
      if firstRefusal {
        logger.warning(
          "refusing connections: \(count.open) open, the limit is \(limits.maximum) (\(limits.keptForThisMachine) kept for this machine); told once until one is taken again"
        )
      }
      return channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHandler(Refuser())
        return .refused(channel)
      }
    }
    channel.closeFuture.whenComplete { _ in count.leave() }
    return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(
        FirstRequestGuard(headerTimeout: limits.headerTimeout), position: .after(decoder))
      return .admitted(value)
    }
  }

  func handle(value: Value, logger: Logger) async {
    switch value {
    case .admitted(let admitted): await inner.handle(value: admitted, logger: logger)
    case .refused(let channel): try? await channel.closeFuture.get()
    }
  }
}

/// Answers a connection over the limit with 503 as soon as it is open, and closes it:
/// its side at once, the rest a second later, reading and dropping what the client sends
/// meanwhile (closed with its request unread, the connection would be reset, and the
/// client could lose the answer).
final class Refuser: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private var answered = false

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { refuse(context) }
  }

  func channelActive(context: ChannelHandlerContext) { refuse(context) }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

  private func refuse(_ context: ChannelHandlerContext) {
    guard !answered else { return }
    answered = true
    let answer =
      "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)))
      .assumeIsolated().whenComplete { _ in
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) {
          context.close(promise: nil)
        }
      }
  }
}

/// Watches a connection until its first request's head has arrived, right after the
/// HTTP decoder: a head that does not come in time gets 408, one that cannot be parsed
/// 400, both with the connection closed (before a head, Hummingbird's WebSocket upgrade
/// would answer neither); an HTTP/1.0 head without keep-alive is marked to close after
/// its answer. Later requests are Hummingbird's (its idle timeout, its 400).
final class FirstRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let headerTimeout: Duration
  private var deadline: Scheduled<Void>?
  private var answered = false

  init(headerTimeout: Duration) { self.headerTimeout = headerTimeout }

  func handlerAdded(context: ChannelHandlerContext) {
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .init(headerTimeout)) {
      self.refuse(.requestTimeout, "the request's head did not arrive in time", context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    deadline?.cancel()
    deadline = nil
    if head.version.major == 1 && head.version.minor == 0 && !head.isKeepAlive {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    refuse(.badRequest, "the request cannot be read as HTTP/1.1", context)
  }

  private func refuse(
    _ status: HTTPResponseStatus, _ words: String, _ context: ChannelHandlerContext
  ) {
    guard !answered else { return }
    answered = true
    deadline?.cancel()
    let body = ByteBuffer(string: "{\"error\":\"\(words)\"}")
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
    headers.add(name: "Content-Length", value: String(body.readableBytes))
    headers.add(name: "Connection", value: "close")
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }
}
