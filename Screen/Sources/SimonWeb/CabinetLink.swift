import Logging
import SimonControl
import SimonGame
import Synchronization

/// simond as the screen sees it: the control socket followed for as long as simon-web
/// runs (`ControlFeed`), what the cabinet shows now, and every page's WebSocket fed
/// the control socket's own lines in simond's order.
///
/// A page that subscribes gets the link's state, the hello and a snapshot of now, then
/// every message after that snapshot: none missed, none twice. A page that cannot keep
/// up (`LiveFeed.capacity` lines behind) is dropped, never waited for; it reconnects and
/// starts again from a snapshot.
public final class CabinetLink: Sendable {
  /// Where the link stands, for the API and the page.
  public struct Standing: Sendable, Equatable {
    /// Whether simond is connected and has greeted.
    public var up: Bool
    /// Why not, in the control socket's words, while down.
    public var why: String?
    /// simond's hello, once it has greeted (kept while down: the last one).
    public var hello: ControlHello?
    /// What the cabinet shows now (the last greeting's snapshot, with every event since).
    public var snapshot: ControlSnapshot?
    /// The last event's time on simond's clock.
    public var time: Int64
  }

  private struct Shared {
    var standing = Standing(up: false, why: "not connected yet", hello: nil, snapshot: nil, time: 0)
    var pages: [Int: AsyncStream<String>.Continuation] = [:]
    /// The pages that are the cabinet's own screen (the kiosk's), by number.
    var screens: Set<Int> = []
    var nextPage = 0

    /// How many of the pages subscribed now are the cabinet's screen.
    var screensWatching: Int { screens.count }

    mutating func forget(_ number: Int) -> AsyncStream<String>.Continuation? {
      screens.remove(number)
      return pages.removeValue(forKey: number)
    }
  }

  private let feed: ControlFeed
  private let shared = Mutex(Shared())
  private let logger: Logger
  private let onGameOver: @Sendable (ControlGameOver, _ screensWatching: Int) -> Void

  /// A link to the control socket at `path`; nothing happens until `start`.
  /// - Parameter onGameOver: called on the link's thread with each game over and how
  ///   many of the cabinet's own screens are watching (name entry starts only while one
  ///   is: a page on a phone does not make the pads spell).
  public init(
    path: String, logger: Logger,
    onGameOver: @escaping @Sendable (ControlGameOver, _ screensWatching: Int) -> Void = {
      _, _ in
    }
  ) {
    feed = ControlFeed(path: path)
    self.logger = logger
    self.onGameOver = onGameOver
  }

  /// The socket's path.
  public var path: String { feed.path }

  /// Starts following simond on a thread of its own.
  /// - Returns: false when no thread could be started.
  @discardableResult
  public func start() -> Bool {
    feed.start { [self] event in take(event) }
  }

  /// Stops following simond and ends every page's feed.
  public func stop() {
    feed.stop()
    let pages = shared.withLock { shared in
      defer {
        shared.pages = [:]
        shared.screens = []
      }
      return Array(shared.pages.values)
    }
    for page in pages { page.finish() }
  }

  /// Where the link stands now.
  public var standing: Standing { shared.withLock { $0.standing } }

  /// How many pages are subscribed.
  public var pagesWatching: Int { shared.withLock { $0.pages.count } }

  /// A page's feed: the link's state, the hello and a snapshot of now, then every
  /// message as it comes. It ends when the page is dropped or the link stops;
  /// `unsubscribe` with the returned number when the page goes.
  /// - Parameter isCabinetScreen: the page is the cabinet's own screen (the kiosk's),
  ///   which the player at the pads sees.
  public func subscribe(isCabinetScreen: Bool = false) -> (Int, AsyncStream<String>) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingOldest(LiveFeed.capacity))
    let number = shared.withLock { shared in
      let number = shared.nextPage
      shared.nextPage += 1
      shared.pages[number] = continuation
      if isCabinetScreen { shared.screens.insert(number) }
      for line in LiveFeed.opening(shared.standing) { continuation.yield(line) }
      return number
    }
    return (number, stream)
  }

  /// Forgets a page's feed.
  public func unsubscribe(_ number: Int) {
    let page = shared.withLock { $0.forget(number) }
    page?.finish()
  }

  func take(_ event: ControlFeed.Event) {
    switch event {
    case .connected(let hello, let snapshot):
      logger.info(
        "connected to simond", metadata: ["socket": "\(path)", "cabinet": "\(hello.cabinet)"])
      broadcast { standing in
        standing = Standing(
          up: true, why: nil, hello: hello, snapshot: snapshot, time: standing.time)
        return LiveFeed.opening(standing)
      }
    case .lost(let why):
      logger.warning(
        "simond is not reachable; trying again every second", metadata: ["why": "\(why)"])
      broadcast { standing in
        standing.up = false
        standing.why = why
        return [LiveFeed.linkLine(standing)]
      }
    case .message(let message):
      var gameOver: ControlGameOver?
      let watching = broadcast { standing in
        guard LiveFeed.apply(message, to: &standing) else { return [] }
        if case .gameOver(let over, _) = message { gameOver = over }
        return [message.line]
      }
      if let gameOver { onGameOver(gameOver, watching) }
    }
  }

  /// Changes the standing and sends the lines it returns to every page, under one lock,
  /// so that a page subscribing meanwhile sees either all of it or none.
  /// - Returns: how many of the pages it went to are the cabinet's screen.
  @discardableResult
  private func broadcast(_ change: (inout Standing) -> [String]) -> Int {
    let dropped: [AsyncStream<String>.Continuation] = shared.withLock { shared in
      let lines = change(&shared.standing)
      var dropped: [AsyncStream<String>.Continuation] = []
      for (number, page) in shared.pages {
        for line in lines {
          if case .dropped = page.yield(line) {
            _ = shared.forget(number)
            dropped.append(page)
            break
          }
        }
      }
      return dropped
    }
    for page in dropped {
      logger.notice("a page fell \(LiveFeed.capacity) messages behind and was dropped")
      page.finish()
    }
    return shared.withLock { $0.screensWatching }
  }
}
