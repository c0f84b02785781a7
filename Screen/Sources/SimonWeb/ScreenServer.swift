import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import SimonControl
import SimonScores
import SimonSystemd
import SimonVenueStore

/// simon-web as one Hummingbird application: the page's files, `/live` and `/api`,
/// behind `ScreenGuard`; systemd is told READY once it listens.
public enum ScreenServer {
  /// What the server is made of.
  public struct Options: Sendable {
    /// Where to listen.
    public var host: String
    /// The port (0: any free one; the log says which).
    public var port: Int
    /// The page's files.
    public var assets: String
    /// Host names a request may name besides addresses, localhost and this machine's.
    public var allowedHosts: [String]
    /// The venue bridge's state directory, whose venue table `/api/venue` shows.
    public var venueDirectory: String
    /// What every connection is held to.
    public var limits: ConnectionLimits

    /// Options with every value given.
    public init(
      host: String, port: Int, assets: String, allowedHosts: [String],
      venueDirectory: String = VenueStore.defaultDirectory, limits: ConnectionLimits = .standard
    ) {
      self.host = host
      self.port = port
      self.assets = assets
      self.allowedHosts = allowedHosts
      self.venueDirectory = venueDirectory
      self.limits = limits
    }
  }

  /// The router: guard, API, WebSocket and files.
  public static func router(
    options: Options, link: CabinetLink, ask: ControlAsk, hostName: String
  ) -> Router<ScreenContext> {
    // HEAD is answered as GET is, without the body (docs/screen.md promises 405 for writes only).
    let router = Router(context: ScreenContext.self, options: .autoGenerateHeadEndpoints)
    router.add(
      middleware: ScreenGuard(hosts: HostCheck(hostName: hostName, extra: options.allowedHosts)))
    router.add(middleware: FileMiddleware(options.assets, searchForIndexHtml: true))
    ScreenAPI(link: link, ask: ask, venueDirectory: options.venueDirectory).add(to: router)
    LiveSocket.add(to: router, link: link)
    return router
  }

  /// The application; `onRunning` gets the port it listens on.
  public static func application(
    options: Options, link: CabinetLink, ask: ControlAsk, hostName: String, logger: Logger,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = router(options: options, link: link, ask: ask, hostName: hostName)
    return Application(
      router: router,
      server: server(webSocketRouter: router, limits: options.limits),
      configuration: .init(
        address: .hostname(options.host, port: options.port), serverName: "simon-web"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? options.port) },
      logger: logger)
  }

  /// Hummingbird's HTTP/1 server with WebSocket upgrade, behind `ConnectionLimits`: heads
  /// of at most 16 KB, idle connections closed, WebSockets pinged.
  static func server(webSocketRouter: Router<ScreenContext>, limits: ConnectionLimits)
    -> HTTPServerBuilder
  {
    let webSocketResponder = webSocketRouter.buildResponder()
    let count = ConnectionCount(limits: limits)
    let idle = TimeAmount(limits.idleTimeout)
    let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
      http1: .init(
        idleTimeout: idle,
        httpDecoderConfiguration: .init(
          maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100)),
      ws: .init(autoPing: .enabled(timePeriod: limits.idleTimeout)))
    return HTTPServerBuilder { responder in
      GuardedChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder,
          configuration: configuration),
        limits: limits, count: count)
    }
  }
}
