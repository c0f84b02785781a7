import SimonPOSIX
import SimonTransport
import Synchronization

/// simond's control socket followed for as long as a program runs (the venue bridge,
/// the cabinet screen): every message as it comes, on a thread of its own; when simond
/// is not there or goes away (a restart, an upgrade) it is connected to again, once a
/// second, and the program is told both.
public final class ControlFeed: Sendable {
  /// What the feed tells.
  public enum Event: Sendable {
    /// Connected and greeted: simond's hello and snapshot. Messages follow.
    case connected(ControlHello, ControlSnapshot)
    /// A message from simond, in the order simond sent them.
    case message(ControlMessage)
    /// The connection failed or was lost; why, for the log. A new attempt follows.
    case lost(String)
  }

  /// The socket's path.
  public let path: String
  private let stopping = Atomic<Bool>(false)
  private let running = Atomic<Bool>(false)
  /// The connection being read, so that `stop` can end a read that waits without a limit
  /// (an idle cabinet sends nothing, and the feed must not wake to find that out).
  private let reading = Mutex<ControlInterrupter?>(nil)
  /// The number in the id of the next request `send` writes.
  private let nextRequest = Atomic<Int>(1)

  /// A feed of the socket at `path`; nothing happens until `start`.
  public init(path: String) { self.path = path }

  /// Starts following the socket on a thread of its own.
  /// - Parameters:
  ///   - onConnect: requests to send after each greeting (e.g. `recent`); their
  ///     replies come as messages.
  ///   - after: requests to send after a message, once the handler has had it (e.g.
  ///     `recent` when games were named); their replies come as messages.
  ///   - handler: called on the feed's thread with each event, in order.
  /// - Returns: false when no thread could be started.
  @discardableResult
  public func start(
    onConnect: [ControlRequest.Action] = [],
    after: @escaping @Sendable (ControlMessage) -> [ControlRequest.Action] = { _ in [] },
    _ handler: @escaping @Sendable (Event) -> Void
  ) -> Bool {
    running.store(true, ordering: .releasing)
    let started = BackgroundThread.start(named: "simon-feed") { [self] in
      var lastLoss = ""
      while !stopping.load(ordering: .relaxed) {
        do {
          let client = try ControlClient(path: path)
          // The descriptor stays the client's until the interrupter is forgotten.
          try withExtendedLifetime(client) {
            let interrupter = client.interrupter
            let stopped = reading.withLock { reading in
              reading = interrupter
              return stopping.load(ordering: .relaxed)
            }
            defer { reading.withLock { $0 = nil } }
            if stopped { return }
            let (hello, snapshot) = try client.greet(within: .seconds(5))
            handler(.connected(hello, snapshot))
            lastLoss = ""
            for action in onConnect { try write(action, with: client) }
            // No time limit: an idle cabinet sends nothing, and the feed sleeps until it
            // does or `stop` ends the read.
            while !stopping.load(ordering: .relaxed) {
              do {
                let forever = MonotonicClock().now.advanced(by: .seconds(3600))
                let message = try client.next(before: forever)
                handler(.message(message))
                for action in after(message) { try write(action, with: client) }
              } catch let error as SocketClientError where error.kind == .timedOut {
                continue
              }
            }
          }
        } catch {
          if stopping.load(ordering: .relaxed) { break }
          // Told once per kind of failure, not once a second while simond is away.
          let message = Self.describe(error, path: path)
          if message != lastLoss { handler(.lost(message)) }
          lastLoss = message
          for _ in 0..<4 where !stopping.load(ordering: .relaxed) {
            POSIX.blockThread(for: .milliseconds(250))
          }
        }
      }
      running.store(false, ordering: .releasing)
    }
    if !started { running.store(false, ordering: .releasing) }
    return started
  }

  /// Why the socket cannot be followed, in the control socket's words.
  static func describe(_ error: any Error, path: String) -> String {
    guard let failure = error as? SocketClientError else { return "\(error)" }
    switch failure.kind {
    case .notRunning:
      return "no control socket at \(path): simond is not running, or serves it elsewhere"
    case .refused: return "nobody answers at \(path): simond stopped"
    case .permissionDenied:
      return "may not connect to \(path): this user is not in simond's group (simon)"
    case .disconnected: return "simond closed the control socket \(path)"
    default: return failure.message
    }
  }

  /// Writes a request of the feed's own thread, under the lock `send` writes under: two
  /// lines are never interleaved.
  private func write(_ action: ControlRequest.Action, with client: ControlClient) throws {
    try reading.withLock { _ in _ = try client.send(action) }
  }

  /// Sends a request on the connection being followed, from any thread; its reply comes
  /// as a message, with the id returned (`feed-N`).
  /// - Returns: the request's id, or nil when simond is not connected now (the request is
  ///   not kept for later).
  @discardableResult
  public func send(_ action: ControlRequest.Action) -> RequestID? {
    let id = RequestID.text("feed-\(nextRequest.add(1, ordering: .relaxed).oldValue)")
    let bytes = Array(ControlRequest(id: id, action: action).line.utf8)
    // Under the lock: the connection is not closed while the line is written, and two
    // lines are never interleaved (the feed's own thread writes under it too). A line is
    // small and simond reads requests as they come: the write does not wait.
    return reading.withLock { reading in
      guard let fd = reading?.fd, case .done = ClientSocket.send(fd, bytes) else { return nil }
      return id
    }
  }

  /// Stops following the socket (a read in progress is ended at once, a pause between
  /// attempts within a quarter of a second); no event comes after this returns.
  public func stop() {
    reading.withLock { reading in
      stopping.store(true, ordering: .relaxed)
      reading?.interrupt()
    }
    while running.load(ordering: .acquiring) {
      POSIX.blockThread(for: .milliseconds(10))
    }
  }
}
