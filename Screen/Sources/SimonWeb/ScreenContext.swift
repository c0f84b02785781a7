import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// What every request of the screen carries besides Hummingbird's own: where it came
/// from, so that only a page on the cabinet itself may be its screen (`LiveSocket`).
public struct ScreenContext: RequestContext, WebSocketRequestContext {
  /// Hummingbird's part.
  public var coreContext: CoreRequestContextStorage
  /// The WebSocket handler the router chose, if any.
  public let webSocket: WebSocketHandlerReference<Self>
  /// The client's address (nil when not known: never this machine).
  public var remoteAddress: SocketAddress?

  /// A context for a request on `source`'s connection.
  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    remoteAddress = source.channel.remoteAddress
  }

  /// Whether the client is on this machine (a loopback address): the kiosk's browser is.
  public var isOnThisMachine: Bool { Self.isLoopback(remoteAddress) }

  /// Whether `address` is a loopback one: 127.0.0.0/8, ::1, or 127.x as IPv4-mapped IPv6.
  public static func isLoopback(_ address: SocketAddress?) -> Bool {
    guard let ip = address?.ipAddress?.lowercased() else { return false }
    return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
  }
}
