import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// The page's WebSocket, `/live`: `LiveFeed`'s lines, one text frame each, until the page
/// goes or falls behind. Only a page of this origin may open it (a browser always sends
/// `Origin`; another site's page gets 403), and nothing the page sends is read as a
/// command. `/live?kiosk` is the cabinet's own screen (`CabinetLink.subscribe`) when it
/// comes from the cabinet itself (a loopback address); from anywhere else it only watches,
/// so a phone cannot make the cabinet wait for a name entered on its screen.
public enum LiveSocket {
  /// Adds `/live` to `router`.
  public static func add(
    to router: Router<ScreenContext>, link: CabinetLink
  ) {
    router.ws("live") { request, _ in
      if let origin = request.headers[.origin] {
        let host = request.head.authority ?? ""
        guard sameOrigin(origin, host: host) else {
          throw APIError(.forbidden, "a page from \(origin.prefix(80)) may not follow this cabinet")
        }
      }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      let screen = isCabinetScreen(
        asked: context.request.uri.queryParameters["kiosk"] != nil,
        from: context.requestContext)
      let (page, lines) = link.subscribe(isCabinetScreen: screen)
      defer { link.unsubscribe(page) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for await line in lines {
            try await outbound.write(.text(String(line.dropLast())))
          }
        }
        group.addTask {
          for try await _ in inbound {}
        }
        try await group.next()
        group.cancelAll()
      }
    }
  }

  /// Whether a page is the cabinet's own screen: it asks to be (`?kiosk`) and runs on
  /// the cabinet.
  static func isCabinetScreen(asked: Bool, from context: ScreenContext) -> Bool {
    if asked && !context.isOnThisMachine {
      context.logger.notice(
        "a page at \(context.remoteAddress?.ipAddress ?? "an unknown address") asked to be the cabinet's screen (?kiosk); only one on this machine may be, so it only watches"
      )
    }
    return asked && context.isOnThisMachine
  }

  /// Whether `origin` (`http://host[:port]`) names the host the request was sent to.
  static func sameOrigin(_ origin: String, host: String) -> Bool {
    for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
      return origin.dropFirst(scheme.count).lowercased() == host.lowercased()
    }
    return false
  }
}
